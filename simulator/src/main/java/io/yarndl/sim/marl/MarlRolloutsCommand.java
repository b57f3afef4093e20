package io.yarndl.sim.marl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.placement.marl.CandidateScorer;
import io.yarndl.core.placement.marl.ChoiceRule;
import io.yarndl.core.placement.marl.FitnessScorer;
import io.yarndl.core.placement.marl.OnnxCandidateScorer;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import io.yarndl.sim.dl2.SeedList;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ClusterSpecSyntax;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl marl-rollouts}: plays marl episodes (windows of the Philly-derived trace with Sia's
 * mix, an allocation policy, the placement ground truth) and writes what the marl trainer learns
 * from ({@link MarlBatch}), or with {@code --evaluate} compares a model's greedy choices with the
 * other placements ({@link MarlEvaluation}).
 */
@Command(name = "marl-rollouts", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100,
        mixinStandardHelpOptions = true, optionListHeading = "%nOptions:%n",
        description = {
            "Plays episodes of the marl placement in the simulator and writes a marl rollout batch: every",
            "decision's candidate rows, the row chosen, the teacher's row, and each round's JCT-based",
            "reward. Used by 'bin/yarn-dl train-marl' (onnx-models/trainer/marl_train.py); the format is",
            "in onnx-models/README.md, 'marl rollout batches'.",
            "",
            "An episode is window K of the Philly-derived trace with Sia's applications (jobs",
            "[K x --jobs, (K+1) x --jobs) in arrival order), sized by --policy and placed by marl on",
            "--cluster-spec with the placement ground truth (exact layouts, cross-rack factor 2, server",
            "interference 0.5). Each round's reward is minus the jobs in the system times the round's",
            "length over (jobs x 1 h): an episode's rewards sum to minus its avg JCT in hours.",
            "",
            "Modes: --teacher acts greedily by interference-aware's trade-off read from the rows",
            "(FitnessScorer) and records interference-aware's exact choice as each decision's teacher",
            "(the warm-up's labels); --model samples from the network's softmax at --temperature (for",
            "reinforcement learning); --evaluate plays the model greedily, and marl with FitnessScorer,",
            "packing and interference-aware, on the same windows and prints their avg JCTs.",
            "Sampling streams are seeded by window and rollout: a batch is the same whatever --threads."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  yarn-dl marl-rollouts --teacher --windows 1-8 --threads 2 --out batches/marl-warmup",
            "  yarn-dl marl-rollouts --model work/current.onnx --windows 10-13 --rollouts-per-window 3 \\",
            "      --out batches/marl-rl-1",
            "  yarn-dl marl-rollouts --evaluate --model onnx-models/marl-default.onnx --windows 60-63",
            "",
            "Writes under --out: batch.json (written last), rows.f32, decisions.i32; an earlier batch there",
            "is replaced. One line per episode goes to stderr.",
            "Exit status: 0 done, 1 the run failed (a rejected model included), 2 bad arguments."})
public final class MarlRolloutsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--teacher", description = "Act by interference-aware's trade-off, recording its labels (warm-up).")
    boolean teacher;

    @Option(names = "--model", paramLabel = "FILE.onnx", description = "The marl network that acts (or is evaluated).")
    Path model;

    @Option(names = "--temperature", paramLabel = "T", defaultValue = "1.0",
            description = "With --model: sample from softmax(scores / T) (default: ${DEFAULT-VALUE}).")
    double temperature;

    @Option(names = "--evaluate", description = "Compare the model's greedy choices with the other placements; no batch.")
    boolean evaluate;

    @Option(names = "--json", description = "With --evaluate: print the figures as one JSON object.")
    boolean json;

    @Option(names = "--windows", required = true, paramLabel = "LIST",
            description = "Trace windows, e.g. 1-8,12 (window K: jobs [K x --jobs, (K+1) x --jobs)).")
    String windows;

    @Option(names = "--rollouts-per-window", paramLabel = "K", defaultValue = "1",
            description = "Episodes per window, each sampling its own choices (default: ${DEFAULT-VALUE}).")
    int rolloutsPerWindow;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1000",
            description = "Jobs per window (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--policy", paramLabel = "NAME", defaultValue = "optimus",
            description = "The allocation policy that sizes the jobs (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(names = "--cluster-spec", paramLabel = "TYPE:NODESxGPUS", defaultValue = "rtx:64x8",
            description = "The cluster: 512 GPUs, 4 racks, 2 agents by default, so jobs meet (default: ${DEFAULT-VALUE}).")
    String clusterSpec;

    @Option(names = "--nodes-per-rack", paramLabel = "R", defaultValue = "16",
            description = "Nodes per rack (default: ${DEFAULT-VALUE}).")
    int nodesPerRack;

    @Option(names = "--type-seed", paramLabel = "S", defaultValue = "1",
            description = "Draws the jobs' types and the simulator's noise, as sim --seed (default: ${DEFAULT-VALUE}).")
    long typeSeed;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Episodes run in parallel (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--out", paramLabel = "DIR", description = "The batch folder to write (not with --evaluate).")
    Path out;

    @Option(names = "--philly-file", paramLabel = "FILE",
            defaultValue = "${env:YARNDL_DATA:-data}/pollux/traces/philly.csv",
            description = "The Philly-derived trace (default: ${DEFAULT-VALUE}).")
    Path phillyFile;

    @Option(names = "--sia-data", paramLabel = "DIR", defaultValue = "${env:YARNDL_DATA:-data}/sia",
            description = "Sia's data: its applications' measured speeds (default: ${DEFAULT-VALUE}).")
    Path siaData;

    @Override
    public Integer call() throws IOException, InterruptedException {
        checkOptions();
        ClusterSpec cluster = cluster();
        MarlEpisodePlayer player;
        try {
            player = new MarlEpisodePlayer(cluster, policy, typeSeed);
        } catch (UnknownPolicyException e) {
            throw usage("--policy: " + e.getMessage());
        }
        Map<Long, List<TraceJob>> episodes = windows();
        OnnxCandidateScorer network = model != null ? loadModel() : null;
        try {
            return evaluate ? evaluate(player, episodes, network) : rollouts(player, episodes, network);
        } finally {
            if (network != null) {
                network.close();
            }
        }
    }

    private void checkOptions() {
        int modes = (teacher ? 1 : 0) + (evaluate ? 1 : 0) + (model != null && !evaluate ? 1 : 0);
        if (modes != 1) {
            throw usage("give one of --teacher (warm-up data), --model FILE.onnx (RL rollouts) or --evaluate");
        }
        if (!evaluate && out == null) {
            throw usage("--out DIR is needed: where the batch goes");
        }
        if (evaluate && out != null) {
            throw usage("--evaluate writes no batch: drop --out");
        }
        if (!(temperature > 0) || Double.isInfinite(temperature)) {
            throw usage("--temperature must be a positive number, got " + temperature);
        }
        if (rolloutsPerWindow < 1 || jobs < 1 || threads < 1) {
            throw usage("--rollouts-per-window, --jobs and --threads must be at least 1");
        }
        if (!Files.isRegularFile(phillyFile)) {
            throw usage("Philly trace not found: " + phillyFile.toAbsolutePath().normalize()
                    + " (set --philly-file, or YARNDL_DATA to the repository's data/ folder)");
        }
        if (!Files.isDirectory(siaData.resolve("traces"))) {
            throw usage("Sia's profiles not found: " + siaData.resolve("traces").toAbsolutePath().normalize()
                    + " (set --sia-data)");
        }
    }

    private ClusterSpec cluster() {
        try {
            return ClusterSpec.ofGroups(ClusterSpecSyntax.parse(clusterSpec), nodesPerRack);
        } catch (IllegalArgumentException e) {
            throw usage("--cluster-spec '" + clusterSpec + "': " + e.getMessage());
        }
    }

    /** Every window's jobs, read once here: the trace reader is not shared between threads. */
    private Map<Long, List<TraceJob>> windows() throws IOException {
        List<Long> indices;
        try {
            indices = SeedList.parse(windows);
        } catch (IllegalArgumentException e) {
            throw usage("--windows: " + e.getMessage());
        }
        PhillyWindows trace = PhillyWindows.load(phillyFile, siaData, typeSeed, jobs);
        Map<Long, List<TraceJob>> byWindow = new LinkedHashMap<>();
        for (long index : indices) {
            try {
                byWindow.put(index, trace.jobs(index));
            } catch (IllegalArgumentException e) {
                throw usage("--windows: " + e.getMessage());
            }
        }
        return byWindow;
    }

    private OnnxCandidateScorer loadModel() throws IOException {
        try {
            return OnnxCandidateScorer.load(Files.readAllBytes(model), model.toString());
        } catch (ModelRejectedException e) {
            throw new IllegalStateException("--model " + model + " is rejected: " + e.getMessage(), e);
        }
    }

    private int rollouts(MarlEpisodePlayer player, Map<Long, List<TraceJob>> byWindow, CandidateScorer network)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        PrintWriter err = spec.commandLine().getErr();
        List<Callable<MarlEpisode>> tasks = new ArrayList<>();
        int total = byWindow.size() * rolloutsPerWindow;
        for (Map.Entry<Long, List<TraceJob>> window : byWindow.entrySet()) {
            for (int rollout = 0; rollout < rolloutsPerWindow; rollout++) {
                int index = tasks.size();
                int r = rollout;
                tasks.add(() -> {
                    MarlEpisode episode = teacher
                            ? player.playMarl(index, window.getKey(), r, window.getValue(), new FitnessScorer(),
                                    ChoiceRule.GREEDY)
                            : player.playMarl(index, window.getKey(), r, window.getValue(), network,
                                    MarlEpisodePlayer.sampling(window.getKey(), r, temperature));
                    synchronized (err) {
                        err.printf(Locale.ROOT, "marl-rollouts: episode %d/%d window %d rollout %d: %d rounds,"
                                + " %d decisions, return %.4f, avg JCT %.2f h, %.1f s%n", index + 1, total,
                                window.getKey(), r, episode.rewards().length, episode.log().decisions(),
                                episode.rewardSum(), episode.avgJctSec() / 3600, episode.wallSeconds());
                        err.flush();
                    }
                    return episode;
                });
            }
        }
        List<MarlEpisode> episodes = Parallel.run(threads, tasks);
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("mode", teacher ? "teacher" : "model");
        header.put("model", model != null ? modelId() : null);
        header.put("temperature", teacher ? null : temperature);
        header.put("policy", policy);
        header.put("cluster", clusterSpec);
        header.put("nodesPerRack", nodesPerRack);
        header.put("jobsPerWindow", jobs);
        header.put("typeSeed", typeSeed);
        MarlBatch.write(out, header, episodes);
        long decisions = episodes.stream().mapToLong(e -> e.log().decisions()).sum();
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "wrote %d decisions from %d episodes to %s in %.1f s%n", decisions, episodes.size(),
                out.toAbsolutePath().normalize(), (System.nanoTime() - start) / 1e9);
        stdout.flush();
        return 0;
    }

    private int evaluate(MarlEpisodePlayer player, Map<Long, List<TraceJob>> byWindow, CandidateScorer network)
            throws IOException, InterruptedException {
        Map<String, double[]> results = MarlEvaluation.run(player, byWindow, network, threads);
        PrintWriter stdout = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("windows", List.copyOf(byWindow.keySet()));
            figures.put("policy", policy);
            figures.put("model", model != null ? modelId() : null);
            Map<String, Object> means = new LinkedHashMap<>();
            results.forEach((name, jcts) -> means.put(name, MarlEvaluation.mean(jcts)));
            figures.put("meanAvgJctSec", means);
            figures.put("avgJctSec", results);
            stdout.println(new ObjectMapper().writeValueAsString(figures));
        } else {
            double packing = MarlEvaluation.mean(results.get("packing"));
            stdout.printf(Locale.ROOT, "%s on windows %s (%d jobs each, %s, %d nodes per rack):%n", policy,
                    windows, jobs, clusterSpec, nodesPerRack);
            results.forEach((name, jcts) -> stdout.printf(Locale.ROOT, "  %-20s avg JCT %7.3f h  %+6.1f%% vs packing%n",
                    name, MarlEvaluation.mean(jcts) / 3600, 100 * (MarlEvaluation.mean(jcts) / packing - 1)));
        }
        stdout.flush();
        return 0;
    }

    /** The model's id from its card beside it, else its file name. */
    private String modelId() throws IOException {
        String name = model.getFileName().toString();
        Path card = model.resolveSibling(name.endsWith(".onnx") ? name.substring(0, name.length() - 5) + ".json"
                : name + ".json");
        if (Files.isRegularFile(card)) {
            JsonNode id = new ObjectMapper().readTree(card.toFile()).get("id");
            if (id != null && id.isTextual()) {
                return id.asText();
            }
        }
        return name;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
