package io.yarndl.sim.cli;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.sim.engine.JobOutcome;
import io.yarndl.sim.engine.PlacementTruth;
import io.yarndl.sim.engine.SimConfig;
import io.yarndl.sim.engine.SimulationResult;
import io.yarndl.sim.engine.Simulator;
import io.yarndl.sim.report.DurationFormat;
import io.yarndl.sim.report.RunReport;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl sim}: replays one workload under each named policy in turn (the trace re-opened
 * per policy, so every policy sees the same jobs), prints a progress line per policy and the
 * results table, and writes the per-job CSVs, the summary CSV and the JCT CDF chart.
 *
 * <p>Every argument is checked before the first policy runs, so a typo fails in milliseconds,
 * not after an hour of simulating.
 */
@Command(name = "sim", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100, mixinStandardHelpOptions = true,
        description = "Replays a workload under each policy in turn and reports job completion times.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  yarn-dl sim --policies fifo,drf,optimus --seed 42     (the shipped workload)",
            "  yarn-dl sim --trace my-trace.csv --policies fifo,drf,optimus",
            "  yarn-dl sim --trace synthetic --jobs 500 --load 1.2 --policies drf,optimus --baseline drf",
            "  yarn-dl sim --trace philly --policies optimus --out philly-out",
            "  yarn-dl sim --trace synthetic --policies optimus,dl2 --dl2-model trained.onnx",
            "  yarn-dl sim --trace gavel:data/gavel/small_test.trace --cluster-spec v100:1x4,k80:1x4",
            "  yarn-dl sim --trace gavel-continuous --lam 900 --jobs 300 --cluster-spec v100:9x4,p100:9x4,k80:9x4",
            "  yarn-dl sim --trace sia-philly:1 --cluster-spec t4:6x4,a100:2x8,rtx:3x8 --interval-sec 360",
            "  yarn-dl sim --trace pollux-workload:1 --cluster-spec t4:16x4 --interval-sec 60",
            "",
            "Writes under --out: jobs-<policy>.csv (one row per job), summary.csv (one row per",
            "policy) and jct-cdf.png (JCT CDF per policy).",
            "Exit status: 0 done, 1 the run failed, 2 bad arguments."})
final class SimCommand implements Callable<Integer> {

    static final String SYNTHETIC = "synthetic";
    /** The workload shipped in the jar, replayed when no --trace is given. */
    static final String SHIPPED = "shipped";
    static final String PHILLY = "philly";
    /** A progress line every this many finished jobs, so an hour-long Philly run shows it is alive. */
    private static final int PROGRESS_EVERY = 10_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--trace", defaultValue = SHIPPED,
            paramLabel = "<csv file|shipped|synthetic|philly|gavel:FILE|gavel-continuous|sia:FILE|sia-philly:N|pollux:FILE"
                    + "|pollux-workload:N>",
            description = {"The workload: a trace CSV file, '" + SHIPPED + "' (the default: "
                    + ShippedWorkload.NAME + ", 120 jobs, shipped in the jar), '" + SYNTHETIC
                    + "' (generated, see --jobs, --load), '" + PHILLY + "' (the Philly-derived trace, see --philly-file),"
                    + " '" + GavelOptions.TRACE_PREFIX + "FILE' (one of Gavel's traces, either layout) or '"
                    + GavelOptions.CONTINUOUS + "' (Gavel's generator, see --lam, --jobs). Gavel's jobs train at"
                    + " Gavel's measured steps/s on the GPU type they run on (see --gavel-throughputs).",
                "'" + SiaOptions.TRACE_PREFIX + "FILE' replays one of Sia's workloads (name,time,application,"
                    + "num_replicas,batch_size); 'sia-philly:N', 'sia-saturn:N' and 'sia-newtrace:N' name its"
                    + " shipped workload-N.csv. Sia's jobs train at the step times Sia measured on the GPU type"
                    + " they run on (T4, V100, A100, QUADRO, RTX; see --sia-data).",
                "'" + PolluxOptions.TRACE_PREFIX + "FILE' replays a workload in Pollux's format (the same columns);"
                    + " 'pollux-workload:N' names its shipped workloads/workload-N.csv (load 1.0; also"
                    + " pollux-workload-0.5:N, -1.5:N, -2.0:N, -realistic:N), measured on T4 (cluster t4:16x4; see"
                    + " --pollux-data). Pollux's and Sia's jobs adapt their batch to their allocation (see --fixed-batch)."})
    String trace;

    @Option(names = "--policies", split = ",", paramLabel = "NAME", defaultValue = "fifo,drf,optimus",
            description = "Policies to compare, run in this order (default: ${DEFAULT-VALUE}).")
    List<String> policies;

    @Option(names = "--placement", split = ",", paramLabel = "NAME",
            description = "Placements to run every policy with, rows named policy/placement: packing (Optimus':"
                    + " fewest nodes), spread (one task per node), topology-aware (fewest racks, then fewest nodes),"
                    + " interference-aware (beside the neighbours the job-interference model predicts least harm with),"
                    + " marl (multi-agent RL, served from --marl-model; interference-aware while no model serves)"
                    + " (default: packing, rows named by the policy).")
    List<String> placements;

    @Option(names = "--baseline", paramLabel = "NAME",
            description = "Row the 'avg JCT vs' ratios are taken against, a policy or policy/placement (default:"
                    + " the first row).")
    String baseline;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Seeds the simulator's noise and any generated workload (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--interval-sec", paramLabel = "SEC", defaultValue = "600",
            description = "Scheduling interval in simulated seconds (default: ${DEFAULT-VALUE}).")
    double intervalSec;

    @Option(names = "--resize-overhead-sec", paramLabel = "SEC", defaultValue = "30",
            description = "Seconds a job stalls when its size changes: checkpoint and restart (default: ${DEFAULT-VALUE}).")
    double resizeOverheadSec;

    @Option(names = "--jobs", paramLabel = "N",
            description = {"With --trace synthetic or " + GavelOptions.CONTINUOUS + ": jobs to generate (default: "
                    + GenerateCommand.DEFAULT_JOBS + ").",
                "With a trace file, philly, gavel:FILE or a Sia workload: replay only the first N jobs (default: all)."})
    Integer jobs;

    @Option(names = "--load", paramLabel = "RHO",
            description = "With --trace synthetic: offered load, GPU demand over cluster GPUs (default: "
                    + GenerateCommand.DEFAULT_LOAD + ").")
    Double load;

    @Option(names = "--philly-file", paramLabel = "FILE",
            defaultValue = "${env:YARNDL_DATA:-data}/pollux/traces/philly.csv",
            description = "The Philly trace for --trace philly (default: ${DEFAULT-VALUE}).")
    Path phillyFile;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "sim-out",
            description = "Folder for the CSVs and the chart (default: ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ClusterOptions cluster;

    @Mixin
    GavelOptions gavel;

    @Mixin
    SiaOptions sia;

    @Mixin
    PolluxOptions pollux;

    @Mixin
    GoodputOptions goodput;

    @Mixin
    PlacementTruthOptions groundTruth;

    @Mixin
    ModelOptions models;

    @Mixin
    SmdOptions smd;

    @Mixin
    PolluxPolicyOptions polluxPolicy;

    @Mixin
    SiaPolicyOptions siaPolicy;

    @Mixin
    ResizeOptions resize;

    @Override
    public Integer call() throws IOException {
        ClusterSpec clusterSpec = cluster.toSpec(PHILLY.equals(trace) ? ClusterOptions.PHILLY_NODES
                : ClusterOptions.DEFAULT_NODES);
        checkTrace();
        WorkloadChoice workload = new WorkloadChoice(trace, jobs, load, phillyFile, seed, goodput.fixedBatch, gavel, sia,
                pollux);
        SimConfig config = simConfig();
        PlacementTruth truth = groundTruth.toTruth();
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw usage("--out " + out + " exists and is not a folder");
        }
        List<PolicyRuns.Run> runs = checkedRuns(checkedPolicies());

        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf("yarn-dl sim: %s on %s, interval %.0f s, %s, seed %d, %s%n",
                workload.describe(), clusterSpec.describe(), config.intervalSec(),
                goodput.describe(config.resizeOverheadSec()), seed, groundTruth.describe());
        stdout.flush();
        RunReport.Written written;
        try (RunReport report = new RunReport(out, baseline)) {
            for (int i = 0; i < runs.size(); i++) {
                PolicyRuns.Run run = runs.get(i);
                String name = run.label();
                String tag = String.format(Locale.ROOT, "[%d/%d] %s", i + 1, runs.size(), name);
                stdout.println(tag + ": running");
                stdout.flush();
                ResizeSettings resizing = resize.settings();
                SchedulingPolicy policy = models.registry(run.placement(), smd.settings(), polluxPolicy.settings(resizing),
                        siaPolicy.settings(resizing), resizing).create(run.policy());
                HeapPeak.reset();
                SimulationResult result;
                try (Stream<TraceJob> jobsStream = workload.open(clusterSpec)) {
                    Consumer<JobOutcome> sink = withProgress(report.startPolicy(name), tag, stdout);
                    result = new Simulator(clusterSpec, config, truth).run(policy, workload.limited(jobsStream.iterator()),
                            sink);
                }
                // The table and files are keyed by the name the user typed, whatever name() returns.
                result = relabel(result, name);
                report.finishPolicy(result);
                DurationFormat unit = DurationFormat.forLargest(result.avgJctSec());
                stdout.printf(Locale.ROOT, "%s: %d jobs, avg JCT %s %s, %d rounds, plan %.2f ms mean, %.1f s wall"
                        + " (%.0f jobs/s), peak heap %d MB%n",
                        tag, result.jobs(), unit.format(result.avgJctSec()), unit.symbol(), result.rounds(),
                        result.meanPlanMillis(), result.wallSeconds(), result.jobs() / Math.max(1e-9, result.wallSeconds()),
                        HeapPeak.usedMegabytes());
                stdout.flush();
            }
            written = report.finish("JCT CDF: " + workload.describe() + ", seed " + seed);
        }
        stdout.println();
        stdout.print(written.table());
        stdout.println();
        for (Path file : written.jobCsvs()) {
            stdout.println("per-job CSV: " + file.toAbsolutePath().normalize());
        }
        stdout.println("summary CSV: " + written.summaryCsv().toAbsolutePath().normalize());
        if (written.chartPng() != null) {
            stdout.println("JCT CDF chart: " + written.chartPng().toAbsolutePath().normalize());
        }
        stdout.flush();
        return 0;
    }

    /**
     * The policy names, trimmed, each once, each known, and the baseline among them; creating each
     * once here also loads dl2's model, so a rejected one is reported before the first run.
     */
    private List<String> checkedPolicies() {
        List<String> names = new ArrayList<>();
        for (String raw : policies) {
            String name = raw.trim();
            if (name.isEmpty()) {
                throw usage("--policies has an empty name: '" + String.join(",", policies) + "'");
            }
            names.add(name);
        }
        if (names.isEmpty()) {
            throw usage("--policies names no policy");
        }
        if (new LinkedHashSet<>(names).size() != names.size()) {
            throw usage("--policies names a policy twice: " + String.join(",", names));
        }
        try {
            models.start(names, placements, spec.commandLine().getErr(), "yarn-dl sim");
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        PolicyRegistry registry;
        try {
            ResizeSettings resizing = resize.settings();
            registry = models.registry(PlacementStrategies.DEFAULT, smd.settings(), polluxPolicy.settings(resizing),
                    siaPolicy.settings(resizing), resizing);
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

    /** Every policy with every placement; the baseline one of their rows. */
    private List<PolicyRuns.Run> checkedRuns(List<String> names) {
        List<PolicyRuns.Run> runs;
        try {
            runs = PolicyRuns.of(names, placements);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        // One policy per placement built now: marl's model loads, and a rejected one is reported, before the first run.
        ResizeSettings resizing = resize.settings();
        runs.stream().map(PolicyRuns.Run::placement).distinct().forEach(p -> models.registry(p, smd.settings(),
                polluxPolicy.settings(resizing), siaPolicy.settings(resizing), resizing).create(names.get(0)));
        List<String> labels = runs.stream().map(PolicyRuns.Run::label).toList();
        if (baseline != null && !labels.contains(baseline)) {
            throw usage("--baseline " + baseline + " is not among the rows " + String.join(",", labels));
        }
        return runs;
    }

    private void checkTrace() {
        if (jobs != null && jobs < 1) {
            throw usage("--jobs must be at least 1, got " + jobs);
        }
        if (load != null && !SYNTHETIC.equals(trace)) {
            throw usage("--load applies to --trace " + SYNTHETIC + " only");
        }
        if (goodput.fixedBatch && !SiaOptions.names(trace) && !PolluxOptions.names(trace)) {
            throw usage("--fixed-batch applies to Pollux's and Sia's workloads only (--trace pollux:FILE,"
                    + " pollux-workload:N, sia:FILE, sia-philly:N, ...); the other traces' jobs train at one batch");
        }
        gavel.check(trace);
        sia.check(trace);
        pollux.check(trace);
        if (SYNTHETIC.equals(trace)) {
            double rho = load != null ? load : GenerateCommand.DEFAULT_LOAD;
            if (!(rho > 0) || Double.isInfinite(rho)) {
                throw usage("--load must be a positive number, got " + rho);
            }
        } else if (SHIPPED.equals(trace) || GavelOptions.names(trace) || SiaOptions.names(trace)
                || PolluxOptions.names(trace)) {
            return;
        } else if (PHILLY.equals(trace)) {
            if (!Files.isRegularFile(phillyFile)) {
                throw usage("Philly trace not found: " + phillyFile.toAbsolutePath().normalize()
                        + " (set --philly-file, or YARNDL_DATA to the repository's data/ folder)");
            }
        } else if (!Files.isRegularFile(Path.of(trace))) {
            throw usage("trace file not found: " + Path.of(trace).toAbsolutePath().normalize()
                    + " (or use --trace " + SYNTHETIC + " or --trace " + PHILLY + ")");
        } else if (!Files.isReadable(Path.of(trace))) {
            throw usage("trace file not readable: " + Path.of(trace).toAbsolutePath().normalize());
        }
    }

    private SimConfig simConfig() {
        try {
            return SimConfig.defaults(seed).withInterval(intervalSec).withResizeOverhead(resizeOverheadSec)
                    .withRestartCost(goodput.rule());
        } catch (IllegalArgumentException e) {
            throw usage("--interval-sec " + intervalSec + ", --resize-overhead-sec " + resizeOverheadSec + ": "
                    + e.getMessage());
        }
    }

    private static Consumer<JobOutcome> withProgress(Consumer<JobOutcome> sink, String tag, PrintWriter stdout) {
        long[] done = {0};
        return outcome -> {
            sink.accept(outcome);
            if (++done[0] % PROGRESS_EVERY == 0) {
                stdout.printf(Locale.ROOT, "%s: %d jobs done, simulated time %.1f h%n", tag, done[0],
                        outcome.finishSec() / 3600);
                stdout.flush();
            }
        };
    }

    private static SimulationResult relabel(SimulationResult r, String name) {
        if (r.policy().equals(name)) {
            return r;
        }
        return new SimulationResult(name, r.jobs(), r.avgJctSec(), r.medianJctSec(), r.p95JctSec(), r.makespanSec(),
                r.gpuUtilisation(), r.resizes(), r.avgIsolatedJctSec(), r.rounds(), r.meanPlanMillis(),
                r.maxPlanMillis(), r.wallSeconds());
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
