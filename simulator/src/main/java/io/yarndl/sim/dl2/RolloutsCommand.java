package io.yarndl.sim.dl2;

import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.core.policy.dl2.Dl2Layout;
import io.yarndl.core.policy.dl2.Dl2Model;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import io.yarndl.sim.cli.ClusterOptions;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.JobTypeCatalog;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl rollouts}: plays DL2 episodes in the simulator and writes what the trainer learns
 * from, a rollout batch ({@link RolloutBatch}). With {@code --model} the network itself acts,
 * sampling its actions ({@link Dl2Policy#training}), for policy-gradient steps; with
 * {@code --teacher} another policy schedules and its plans are recorded as DL2 actions
 * ({@link TeacherRecorder}), for the supervised warm-up. Episodes run on {@code --threads} threads
 * and share one ONNX session (thread-safe); everything else is per episode.
 */
@Command(name = "rollouts", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100,
        mixinStandardHelpOptions = true, optionListHeading = "%nOptions:%n",
        description = {
            "Plays DL2 training episodes in the simulator and writes a rollout batch: the states, valid",
            "actions, actions taken and per-round rewards the DL2 trainer learns from. Used by",
            "'bin/yarn-dl train' (onnx-models/trainer/); the batch format is in onnx-models/README.md,",
            "'Rollout batches'.",
            "",
            "With --model the network acts, sampling actions from its softmax at --temperature (for",
            "reinforcement learning). With --teacher another policy schedules and each of its plans is",
            "recorded as the DL2 actions that build it (for the supervised warm-up): per job slot, worker",
            "+ server pairs, then workers, then servers up to the teacher's size, then stop.",
            "",
            "Each episode is one workload seed and one rollout index; sampling and --keep-fraction draw",
            "from streams seeded by both, so a batch is the same whatever --threads is.",
            "",
            "Workloads (--workload):", EpisodeWorkload.HELP},
        footerHeading = "%nExamples:%n",
        footer = {
            "  yarn-dl rollouts --teacher optimus --seeds 1-16 --threads 2 --out batches/warmup",
            "  yarn-dl rollouts --model onnx-models/dl2-default.onnx --seeds 1-8 --rollouts-per-seed 4 \\",
            "      --horizon-rounds 200 --keep-fraction 0.25 --workload dl2 --out batches/rl-0001",
            "",
            "Writes under --out: batch.json (written last), states.f32, valid.u8, actions.i32,",
            "rounds.i32; an earlier batch there is replaced. One line per finished episode goes to",
            "stderr.",
            "Exit status: 0 done, 1 the run failed (a rejected model included), 2 bad arguments."})
public final class RolloutsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--model", paramLabel = "FILE.onnx",
            description = "The DL2 network that acts (its card FILE.json beside it). Give this or --teacher.")
    Path model;

    @Option(names = "--teacher", paramLabel = "NAME",
            description = "A policy to imitate instead (any but dl2, e.g. optimus or drf). Give this or --model.")
    String teacher;

    @Option(names = "--seeds", required = true, paramLabel = "LIST",
            description = "Workload seeds: a comma list of seeds and ranges, e.g. 1-8,12.")
    String seeds;

    @Option(names = "--rollouts-per-seed", paramLabel = "K", defaultValue = "1",
            description = "Episodes per seed, each sampling its own actions (default: ${DEFAULT-VALUE}).")
    int rolloutsPerSeed;

    @Option(names = "--temperature", paramLabel = "T",
            description = "With --model: sample from softmax(logits / T) over the valid actions (default: 1.0).")
    Double temperature;

    @Option(names = "--workload", paramLabel = "NAME", defaultValue = "synthetic",
            description = "synthetic or dl2, see above (default: ${DEFAULT-VALUE}).")
    String workload;

    @Mixin
    EpisodeJobsOption jobs;

    @Option(names = "--load", paramLabel = "RHO", defaultValue = "" + EpisodeWorkload.DEFAULT_LOAD,
            description = "Offered load, GPU demand over cluster GPUs (default: ${DEFAULT-VALUE}).")
    double load;

    @Option(names = "--horizon-rounds", paramLabel = "H", defaultValue = "0",
            description = "End each episode after H rounds (0: when every job has finished; default: ${DEFAULT-VALUE}).")
    int horizonRounds;

    @Option(names = "--keep-fraction", paramLabel = "F", defaultValue = "1.0",
            description = "Write each decision with probability F, to keep batches small; rewards are always"
                    + " complete (default: ${DEFAULT-VALUE}).")
    double keepFraction;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Episodes run in parallel (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The batch folder to write.")
    Path out;

    @Mixin
    ClusterOptions cluster;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Settings settings = checkedSettings();
        List<String> jobTypes;
        Dl2Model network = null;
        if (model != null) {
            network = loadModel();
            jobTypes = network.card().layout().jobTypes();
        } else {
            jobTypes = defaultJobTypes();
        }
        try {
            return play(settings, network, jobTypes);
        } finally {
            if (network != null && network.network() instanceof AutoCloseable closeable) {
                closeQuietly(closeable);
            }
        }
    }

    /** The checked options that every episode needs. */
    private record Settings(List<Long> seeds, EpisodeWorkload workload, ClusterSpec cluster, double temperature) {
    }

    private Settings checkedSettings() {
        if ((model == null) == (teacher == null)) {
            throw usage("give either --model FILE.onnx (the network acts) or --teacher NAME (a policy to imitate)"
                    + (model != null ? ", not both" : ""));
        }
        if (teacher != null) {
            checkTeacher();
            if (temperature != null) {
                throw usage("--temperature applies to --model only: a teacher's actions are not sampled");
            }
        }
        double t = temperature != null ? temperature : 1.0;
        if (!(t > 0) || Double.isInfinite(t)) {
            throw usage("--temperature must be a positive number, got " + t);
        }
        List<Long> seedList;
        try {
            seedList = SeedList.parse(seeds);
        } catch (IllegalArgumentException e) {
            throw usage("--seeds: " + e.getMessage());
        }
        EpisodeWorkload kind;
        try {
            kind = EpisodeWorkload.named(workload);
        } catch (IllegalArgumentException e) {
            throw usage("--workload: " + e.getMessage());
        }
        atLeast("--rollouts-per-seed", rolloutsPerSeed, 1);
        jobs.jobs();  // checked now, with the other counts, not when the first episode starts
        atLeast("--horizon-rounds", horizonRounds, 0);
        atLeast("--threads", threads, 1);
        if (!(load > 0) || Double.isInfinite(load)) {
            throw usage("--load must be a positive number, got " + load);
        }
        if (!(keepFraction > 0 && keepFraction <= 1)) {
            throw usage("--keep-fraction must be in (0, 1], got " + keepFraction);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw usage("--out " + out + " exists and is not a folder");
        }
        if ((long) seedList.size() * rolloutsPerSeed > Integer.MAX_VALUE) {
            throw usage("--seeds x --rollouts-per-seed is more episodes than one batch can index");
        }
        return new Settings(seedList, kind, cluster.toSpec(ClusterOptions.DEFAULT_NODES), t);
    }

    private void checkTeacher() {
        if (Dl2Policy.NAME.equals(teacher.trim())) {
            throw usage("--teacher dl2: DL2 cannot teach itself; give its network as --model instead");
        }
        try {
            teachers().create(teacher);
        } catch (UnknownPolicyException e) {
            throw usage("--teacher: " + e.getMessage());
        }
    }

    /** The registry teachers come from; its dl2 entry is never asked for, so no model is loaded. */
    private static PolicyRegistry teachers() {
        return PolicyRegistry.standard(() -> {
            throw new IllegalStateException("dl2 is not a teacher");
        });
    }

    private Dl2Model loadModel() {
        try {
            return ModelLoader.load(model);
        } catch (ModelRejectedException e) {
            throw new IllegalStateException("--model " + model + " is rejected: " + e.getMessage(), e);
        }
    }

    /**
     * The state's job-type buckets for teacher batches: the catalog's type names, in its order (the
     * shipped model card lists the same); batch.json records them for the trainer's card.
     */
    static List<String> defaultJobTypes() {
        List<String> names = new ArrayList<>();
        for (JobType type : JobTypeCatalog.standard()) {
            if (names.size() < Dl2Layout.MAX_JOB_TYPES) {
                names.add(type.name());
            }
        }
        return List.copyOf(names);
    }

    private int play(Settings settings, Dl2Model network, List<String> jobTypes) throws IOException, InterruptedException {
        RolloutBatch batch = RolloutBatch.create(out);
        // Set when one episode fails: the others end at their next round instead of running on.
        AtomicBoolean abandoned = new AtomicBoolean();
        EpisodePlayer player = new EpisodePlayer(new EpisodePlayer.Setup(settings.cluster(), settings.workload(), jobs.jobs(),
                load, horizonRounds, keepFraction, network, settings.temperature(), () -> teachers().create(teacher),
                jobTypes), batch, abandoned);
        List<EpisodePlan> plans = new ArrayList<>();
        for (long seed : settings.seeds()) {
            for (int rollout = 0; rollout < rolloutsPerSeed; rollout++) {
                plans.add(new EpisodePlan(plans.size(), seed, rollout));
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, plans.size()));
        List<RolloutEpisode> episodes = new ArrayList<>();
        try {
            List<Future<RolloutEpisode>> running = new ArrayList<>();
            for (EpisodePlan plan : plans) {
                running.add(pool.submit(() -> {
                    RolloutEpisode episode = player.play(plan.index(), plan.seed(), plan.rollout());
                    synchronized (err) {
                        err.printf(Locale.ROOT, "rollouts: episode %d/%d seed %d rollout %d: %d rounds, %d decisions"
                                + " (%d kept), reward sum %.4f, %d/%d jobs finished, %.2f s%n", plan.index() + 1,
                                plans.size(), plan.seed(), plan.rollout(), episode.rewards().length,
                                episode.decisions(), episode.kept(), episode.rewardSum(), episode.finishedJobs(),
                                episode.jobs(), episode.wallSeconds());
                        err.flush();
                    }
                    return episode;
                }));
            }
            for (Future<RolloutEpisode> future : running) {
                episodes.add(future.get());
            }
        } catch (ExecutionException e) {
            abandoned.set(true);
            pool.shutdownNow();
            // Episodes still running stop at their next round; their part files can go once they have.
            if (pool.awaitTermination(1, TimeUnit.MINUTES)) {
                batch.deleteParts();
            }
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause.getMessage(), cause);
        } finally {
            pool.shutdownNow();
        }

        long decisions = episodes.stream().mapToLong(RolloutEpisode::kept).sum();
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("teacher", teacher != null ? teacher.trim() : null);
        header.put("model", network != null ? network.version() : null);
        header.put("jobTypes", jobTypes);
        header.put("workload", settings.workload().label());
        header.put("temperature", network != null ? settings.temperature() : null);
        header.put("keepFraction", keepFraction);
        header.put("horizonRounds", horizonRounds);
        batch.finish(header, episodes.stream().map(RolloutEpisode::toJson).toList(), decisions);

        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "wrote %d decisions from %d episodes to %s in %.1f s%n", decisions, episodes.size(),
                out.toAbsolutePath().normalize(), (System.nanoTime() - start) / 1e9);
        stdout.flush();
        return 0;
    }

    /** Which episode to play: its index in the batch, its workload seed and its rollout number. */
    private record EpisodePlan(int index, long seed, int rollout) {
    }

    private void atLeast(String option, int value, int minimum) {
        if (value < minimum) {
            throw usage(option + " must be at least " + minimum + ", got " + value);
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // Releasing a session at exit; nothing to report.
        }
    }
}
