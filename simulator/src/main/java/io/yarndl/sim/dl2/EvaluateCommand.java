package io.yarndl.sim.dl2;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.sim.cli.ClusterOptions;
import io.yarndl.sim.cli.Dl2ModelOption;
import io.yarndl.sim.cli.JsonOutputOption;
import io.yarndl.sim.cli.PolicyNames;
import io.yarndl.sim.cli.PolluxPolicyOptions;
import io.yarndl.sim.cli.ResizeOptions;
import io.yarndl.sim.cli.SiaPolicyOptions;
import io.yarndl.sim.cli.SmdOptions;
import io.yarndl.sim.cli.ThreadsOption;
import io.yarndl.sim.engine.SimulationResult;
import io.yarndl.sim.engine.Simulator;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl evaluate}: every policy on every seed of every workload at every load, each run
 * with its own policy instance, runs in parallel; then a markdown table per workload and load (the
 * README's DL2 table) or, with {@code --json}, one JSON object for the trainer. {@code dl2} is built as everywhere in
 * the simulator ({@link Dl2FallbackWarning}): if it falls back to {@code optimus}, stderr says so
 * and the table marks its row.
 */
@Command(name = "evaluate", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100,
        mixinStandardHelpOptions = true, optionListHeading = "%nOptions:%n",
        description = {
            "Compares policies on held-out workload seeds: each policy runs each seed of each workload",
            "at each load, and a markdown table per workload and load gives the mean over seeds of the",
            "average job completion time (JCT), its standard deviation over seeds and its ratio to",
            "optimus's and drf's, then how far each policy other than fifo, drf and optimus (dl2, smd)",
            "is below or above optimus and drf. With --json, one JSON object instead, for the DL2",
            "trainer ('bin/yarn-dl train'): {workload: {policy: {\"meanAvgJctSec\": x, \"stdAvgJctSec\": s,",
            "\"perSeed\": [one per seed, in --seeds order]}}}; dl2's entry adds \"fallback\": true|false",
            "and \"model\" (the model's id@sha256-prefix and file). With several loads (--load 0.7,1.0)",
            "the top level is keyed \"<workload>@<load>\" instead, e.g. \"dl2@0.7\", \"dl2@1.0\".",
            "",
            "If dl2's model is rejected (or fails during a run), dl2 runs optimus instead: stderr says",
            "so and its table row reads 'dl2 (fallback)'. A run the simulator stops (a policy that ran",
            "no job for 10,000 rounds, as an untrained model may) is reported as failed, on stderr, in",
            "its table row, and in JSON as null in perSeed and meanAvgJctSec with \"failures\" saying why.",
            "",
            "Workloads (--workloads):", EpisodeWorkload.HELP},
        footerHeading = "%nExamples:%n",
        footer = {
            "  yarn-dl evaluate",
            "  yarn-dl evaluate --policies drf,optimus,dl2 --dl2-model model.onnx --seeds 9001-9020 --json",
            "  yarn-dl evaluate --policies fifo,drf,optimus,dl2,smd --workloads dl2,ps-synthetic --load 0.7,1.0",
            "",
            "Exit status: 0 done (failed runs are reported in the results), 1 the evaluation could not",
            "run, 2 bad arguments."})
public final class EvaluateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--policies", split = ",", paramLabel = "NAME", defaultValue = "fifo,drf,optimus,dl2",
            description = "Policies to compare, shown in this order (default: ${DEFAULT-VALUE}).")
    List<String> policies;

    @Option(names = "--seeds", paramLabel = "LIST", defaultValue = "9001-9010",
            description = "Workload seeds, e.g. 9001-9010,9020; held out from training, which uses low seeds"
                    + " (default: ${DEFAULT-VALUE}).")
    String seeds;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME", defaultValue = "synthetic,dl2",
            description = "Workloads, see above (default: ${DEFAULT-VALUE}).")
    List<String> workloads;

    @Mixin
    EpisodeJobsOption jobs;

    @Option(names = "--load", split = ",", paramLabel = "RHO", defaultValue = "" + EpisodeWorkload.DEFAULT_LOAD,
            description = "Offered loads, GPU demand over cluster GPUs; several, e.g. 0.7,1.0, give a table"
                    + " per workload and load (default: ${DEFAULT-VALUE}).")
    List<Double> loads;

    @Mixin
    Dl2ModelOption dl2Model;

    @Mixin
    ThreadsOption threads;

    @Mixin
    JsonOutputOption output;

    @Mixin
    ClusterOptions cluster;

    @Mixin
    SmdOptions smd;

    @Mixin
    PolluxPolicyOptions polluxPolicy;

    @Mixin
    SiaPolicyOptions siaPolicy;

    @Mixin
    ResizeOptions resize;

    private ResizeSettings resizeSettings() {
        try {
            return resize.settings();
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** One run: a policy on one seed of one workload at one load; {@code key} names its table. */
    private record Run(WorkloadAtLoad table, String key, String policy, int seedIndex, long seed) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        List<Long> seedList = checkedSeeds();
        List<EpisodeWorkload> kinds = checkedWorkloads();
        List<Double> loadList = checkedLoads();
        int jobCount = jobs.jobs();
        int threadCount = threads.threads();
        dl2Model.requireFile();
        ClusterSpec clusterSpec = cluster.toSpec(ClusterOptions.DEFAULT_NODES);
        PrintWriter err = spec.commandLine().getErr();
        Dl2FallbackWarning warning = new Dl2FallbackWarning(err, "yarn-dl evaluate");
        PolicyRegistry registry = warning.registry(dl2Model.file(), PlacementStrategies.DEFAULT, smd.settings(),
                polluxPolicy.settings(resizeSettings()), siaPolicy.settings(resizeSettings()), resizeSettings());
        List<String> names = checkedPolicies(registry);
        dl2Model.requireServed(names.contains(Dl2Policy.NAME), "--policies includes dl2");

        boolean severalLoads = loadList.size() > 1;
        Map<String, WorkloadAtLoad> tables = new LinkedHashMap<>();
        for (EpisodeWorkload kind : kinds) {
            for (double load : loadList) {
                WorkloadAtLoad table = new WorkloadAtLoad(kind, load);
                tables.put(table.key(severalLoads), table);
            }
        }
        List<Run> runs = new ArrayList<>();
        Map<String, Map<String, PolicyResults>> results = new LinkedHashMap<>();
        tables.forEach((key, table) -> {
            Map<String, PolicyResults> perPolicy = new LinkedHashMap<>();
            for (String name : names) {
                perPolicy.put(name, new PolicyResults(seedList));
                for (int i = 0; i < seedList.size(); i++) {
                    runs.add(new Run(table, key, name, i, seedList.get(i)));
                }
            }
            results.put(key, perPolicy);
        });
        runAll(runs, registry, clusterSpec, jobCount, threadCount, results, err);

        EvaluationReport report = new EvaluationReport(results, warning.fellBack(), warning.servedModel());
        PrintWriter stdout = spec.commandLine().getOut();
        if (output.json()) {
            stdout.println(new ObjectMapper().writeValueAsString(report.toJson()));
        } else {
            Map<String, String> titles = new LinkedHashMap<>();
            tables.forEach((key, table) -> titles.put(key, String.format(Locale.ROOT,
                    "%s workload: %d jobs, load %.2f, %s, seeds %s", table.workload().label(), jobCount, table.load(),
                    clusterSpec.describe(), seeds.trim())));
            stdout.print(report.toMarkdown(titles));
        }
        stdout.flush();
        return 0;
    }

    private void runAll(List<Run> runs, PolicyRegistry registry, ClusterSpec clusterSpec, int jobCount, int threadCount,
                        Map<String, Map<String, PolicyResults>> results, PrintWriter err) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threadCount, runs.size()));
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<?>> running = new ArrayList<>();
            for (Run run : runs) {
                running.add(pool.submit(() -> {
                    PolicyResults cell = results.get(run.key()).get(run.policy());
                    String line;
                    try {
                        double avgJct = simulate(run, registry, clusterSpec, jobCount);
                        cell.finished(run.seedIndex(), avgJct);
                        line = String.format(Locale.ROOT, "avg JCT %.2f h", avgJct / 3600);
                    } catch (IllegalStateException e) {
                        // The simulator's verdict on the policy (it starved every job, or planned the
                        // impossible): a result to report, not a reason to lose the other runs.
                        cell.failed(run.seedIndex(), e.getMessage());
                        line = "FAILED: " + e.getMessage();
                    }
                    synchronized (err) {
                        err.printf(Locale.ROOT, "evaluate: [%d/%d] %s %s seed %d: %s%n", done.incrementAndGet(),
                                runs.size(), run.key(), run.policy(), run.seed(), line);
                        err.flush();
                    }
                    return null;
                }));
            }
            for (Future<?> future : running) {
                future.get();
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause.getMessage(), cause);
        } finally {
            pool.shutdownNow();
        }
    }

    private double simulate(Run run, PolicyRegistry registry, ClusterSpec clusterSpec, int jobCount) {
        WorkloadAtLoad table = run.table();
        List<TraceJob> workloadJobs = table.workload().jobs(clusterSpec, table.load(), jobCount, run.seed());
        SimulationResult result = new Simulator(table.workload().cluster(clusterSpec), table.workload().config(run.seed()))
                .run(registry.create(run.policy()), workloadJobs.iterator(), outcome -> { });
        return result.avgJctSec();
    }

    private List<Long> checkedSeeds() {
        try {
            return SeedList.parse(seeds);
        } catch (IllegalArgumentException e) {
            throw usage("--seeds: " + e.getMessage());
        }
    }

    private List<EpisodeWorkload> checkedWorkloads() {
        LinkedHashSet<EpisodeWorkload> kinds = new LinkedHashSet<>();
        for (String name : workloads) {
            try {
                if (!kinds.add(EpisodeWorkload.named(name))) {
                    throw usage("--workloads names '" + name.trim() + "' twice");
                }
            } catch (IllegalArgumentException e) {
                throw usage("--workloads: " + e.getMessage());
            }
        }
        return List.copyOf(kinds);
    }

    /** The loads, each positive, finite and given once, in the order given. */
    private List<Double> checkedLoads() {
        List<Double> checked = new ArrayList<>();
        for (Double load : loads) {
            if (load == null || !(load > 0) || load.isInfinite()) {
                throw usage("--load must be a positive number, got " + load);
            }
            if (checked.contains(load)) {
                throw usage("--load names " + load + " twice");
            }
            checked.add(load);
        }
        return checked;
    }

    /** The policy names, trimmed, each once and each known; creating one also loads dl2's model early. */
    private List<String> checkedPolicies(PolicyRegistry registry) {
        List<String> names;
        try {
            names = PolicyNames.distinct(policies);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        for (String name : names) {
            try {
                registry.create(name);
            } catch (UnknownPolicyException e) {
                throw usage(e.getMessage());
            }
        }
        return names;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
