package io.yarndl.scale;

import io.yarndl.scale.report.ScaleTable;
import io.yarndl.scale.run.RunResult;
import io.yarndl.scale.run.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bin/yarn-dl scale}: the load harness's command line (docs/scale.md). */
@Command(name = "scale", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Load harness: a real ResourceManager in this JVM, driven by simulated NodeManagers"
                + " (8 GPUs each, heartbeating every --heartbeat-ms) and simulated ApplicationMasters: elastic DL"
                + " jobs in root.dl that register, ask, take grants, answer preemption messages and report"
                + " progress to a real ZooKeeper every 5 s, and non-DL applications churning through"
                + " root.default. Every combination of --nodes and --jobs runs under each of --schedulers"
                + " (yarn-dl's DeepLearningScheduler, then the stock CapacityScheduler as the baseline, under"
                + " which DL jobs get what they ask for). Prints a table; writes scale.csv, per-run probe CSVs,"
                + " charts (PNG) and the RM's log (scale.log) to --out. See docs/scale.md.",
        footer = {"", "Example: bin/yarn-dl scale --nodes 100,300 --jobs 500 --duration 60 --out target/scale"})
public final class ScaleCommand implements Callable<Integer> {

    @Option(names = "--nodes", split = ",", paramLabel = "N", defaultValue = "100",
            description = "NodeManagers (8 GPUs, 96 vcores, 768 GB each); several give one run per size (default ${DEFAULT-VALUE})")
    List<Integer> nodes;

    @Option(names = "--jobs", split = ",", paramLabel = "N", defaultValue = "500",
            description = "concurrent DL jobs (1 to 2-16 one-GPU workers, asking for half their maximum) (default ${DEFAULT-VALUE})")
    List<Integer> jobs;

    @Option(names = "--batch-apps", paramLabel = "N", defaultValue = "50",
            description = "concurrent non-DL applications in root.default, each 8 tasks of 10 s, replaced when done (default ${DEFAULT-VALUE})")
    int batchApps;

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "30",
            description = "applications are submitted evenly over this, and it is not measured (default ${DEFAULT-VALUE})")
    int warmupSec;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "60",
            description = "measured seconds per run, after the warm-up (default ${DEFAULT-VALUE})")
    int durationSec;

    @Option(names = "--schedulers", split = ",", paramLabel = "NAME", defaultValue = "yarn-dl,capacity",
            description = "schedulers to run, in order: yarn-dl, capacity (default ${DEFAULT-VALUE})")
    List<String> schedulers;

    @Option(names = "--policy", paramLabel = "NAME",
            description = "yarn-dl's policy (yarn.dl.scheduler.policy; default: the scheduler's own, optimus)")
    String policy;

    @Option(names = "--round-interval-ms", paramLabel = "MS", defaultValue = "0",
            description = "yarn-dl's round interval (yarn.dl.scheduler.interval-ms; 0: the scheduler's default, 5000)")
    long roundIntervalMs;

    @Option(names = "--heartbeat-ms", paramLabel = "MS", defaultValue = "1000",
            description = "NodeManager and AM heartbeat interval (default ${DEFAULT-VALUE}, Hadoop's)")
    long heartbeatMs;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "4",
            description = "harness threads running the simulated NodeManagers and AMs (default ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--seed", defaultValue = "42", description = "seed of the DL job mix (default ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "target/scale",
            description = "output folder (default ${DEFAULT-VALUE})")
    Path out;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ScaleCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        List<Scenario> scenarios = scenarios();
        ScaleLogging.configure(out);
        System.out.printf(Locale.ROOT, "%d runs, %d s warm-up + %d s measured each, %d cores, RM log: %s%n",
                scenarios.size(), warmupSec, durationSec, Runtime.getRuntime().availableProcessors(),
                out.resolve("scale.log"));
        List<RunResult> results = ScaleHarness.run(scenarios, out, result -> System.out.printf(Locale.ROOT,
                "  done: %s, %d NMs, %d DL jobs: %.0f containers/s, allocate p99 %.1f ms, %d errors%s;"
                        + " containers reserved at the end: %s%n",
                result.scenario().scheduler().label(), result.scenario().nodes(), result.scenario().dlJobs(),
                result.containersPerSec(), result.allocateP99Ms(), result.errors(),
                result.harnessBound() ? " (harness-bound)" : "", result.reservations()));
        System.out.println();
        System.out.print(ScaleTable.format(results));
        for (RunResult result : results) {
            result.firstErrors().forEach(error -> System.out.println("error (" + result.scenario().scheduler().label()
                    + ", " + result.scenario().nodes() + " NMs): " + error));
        }
        System.out.println("\nwrote " + out.resolve("scale.csv") + " and charts (*.png) in " + out);
        return 0;
    }

    List<Scenario> scenarios() {
        List<Scenario> scenarios = new ArrayList<>();
        for (int n : nodes) {
            for (int j : jobs) {
                for (String name : schedulers) {
                    scenarios.add(new Scenario(SchedulerKind.parse(name), n, j, batchApps, warmupSec, durationSec,
                            policy, roundIntervalMs, heartbeatMs, threads, seed));
                }
            }
        }
        return scenarios;
    }
}
