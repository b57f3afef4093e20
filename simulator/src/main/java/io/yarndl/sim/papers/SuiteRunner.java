package io.yarndl.sim.papers;

import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.sim.engine.JobOutcome;
import io.yarndl.sim.engine.SimConfig;
import io.yarndl.sim.engine.SimulationResult;
import io.yarndl.sim.engine.Simulator;
import io.yarndl.sim.report.JctDistribution;
import io.yarndl.sim.report.JobOutcomeCsvWriter;
import io.yarndl.sim.report.RunReport;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs every policy on every workload of every suite, each run with its own policy instance and
 * simulator, {@code threads} at a time, exactly as {@code yarn-dl sim} runs one cell (same
 * cluster, job types, configuration and seed), and prints a line on {@code err} as each ends. A
 * run the simulator stops (a policy that starves every job) is recorded as failed, not fatal.
 */
final class SuiteRunner {

    /**
     * @param config     the simulator's configuration of every run (rounds, restarts, seed)
     * @param fixedBatch whether jobs train at their trace batch rather than adapt it
     * @param jobLimit   replay only the first this many jobs of each workload; null for all
     * @param threads    runs in parallel
     * @param outDir     where each run's per-job CSV goes ({@code <suite>/<workload>/jobs-<policy>.csv}); null for none
     * @param horizonSec simulated time after which a run still going is stopped and reported as failed
     */
    record Settings(SimConfig config, boolean fixedBatch, Integer jobLimit, int threads, Path outDir,
                    double horizonSec) {
    }

    private record Run(PaperSuite suite, ClusterSpec cluster, SiaJobTypes types, int workload, String policy,
                       PolicyFigures cell) {
    }

    private final PolicyRegistry registry;
    private final Settings settings;
    private final PrintWriter err;

    SuiteRunner(PolicyRegistry registry, Settings settings, PrintWriter err) {
        this.registry = registry;
        this.settings = settings;
        this.err = err;
    }

    /**
     * Runs {@code policies.get(suite.name())} on each suite's workloads.
     *
     * @return suite name to policy name (in the order given) to its figures
     */
    Map<String, Map<String, PolicyFigures>> runAll(List<PaperSuite> suites, Map<String, List<String>> policies)
            throws InterruptedException {
        Map<String, Map<String, PolicyFigures>> results = new LinkedHashMap<>();
        List<Run> runs = new ArrayList<>();
        for (PaperSuite suite : suites) {
            ClusterSpec cluster = suite.cluster();
            SiaJobTypes types = suite.jobTypes(settings.fixedBatch());
            List<String> workloadNames = new ArrayList<>();
            for (int w = 0; w < suite.workloads().size(); w++) {
                workloadNames.add(suite.workloadName(w));
            }
            Map<String, PolicyFigures> perPolicy = new LinkedHashMap<>();
            for (String policy : policies.get(suite.name())) {
                perPolicy.put(policy, new PolicyFigures(workloadNames));
            }
            // Workload by workload, so that the first lines already compare policies on one workload.
            for (int w = 0; w < workloadNames.size(); w++) {
                for (String policy : perPolicy.keySet()) {
                    runs.add(new Run(suite, cluster, types, w, policy, perPolicy.get(policy)));
                }
            }
            results.put(suite.name(), perPolicy);
        }
        execute(runs);
        return results;
    }

    private void execute(List<Run> runs) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(settings.threads(), runs.size())));
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<?>> running = new ArrayList<>();
            for (Run run : runs) {
                running.add(pool.submit(() -> {
                    String line = runOne(run);
                    synchronized (err) {
                        err.printf(Locale.ROOT, "papers: [%d/%d] %s %s %s: %s%n", done.incrementAndGet(), runs.size(),
                                run.suite().name(), run.suite().workloadName(run.workload()), run.policy(), line);
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

    /** Runs one cell and records it; returns its progress line. */
    private String runOne(Run run) throws IOException {
        List<TraceJob> jobs = run.suite().jobs(run.workload(), run.types(), settings.jobLimit());
        JctDistribution jcts = new JctDistribution();
        long start = System.nanoTime();
        try (JobOutcomeCsvWriter csv = perJobCsv(run)) {
            Consumer<JobOutcome> sink = csv == null ? jcts : jcts.andThen(csv);
            // A policy that keeps a big job on one GPU can take days of simulated time, and hours of wall
            // time, to finish a workload; past the horizon its figures would mean nothing anyway.
            SimulationResult result = new Simulator(run.cluster(), settings.config()).run(registry.create(run.policy()),
                    jobs.iterator(), sink, (round, timeSec, reward) -> timeSec < settings.horizonSec());
            if (result.jobs() < jobs.size()) {
                String why = String.format(Locale.ROOT, "stopped at the %.0f h horizon with %d of %d jobs unfinished",
                        settings.horizonSec() / 3600, jobs.size() - result.jobs(), jobs.size());
                run.cell().failed(run.workload(), why);
                return "FAILED: " + why;
            }
            RunFigures figures = RunFigures.of(result, jcts);
            run.cell().finished(run.workload(), figures);
            return String.format(Locale.ROOT, "avg JCT %.2f h, p99 %.2f h, makespan %.2f h, %d resizes (%.1f s)",
                    figures.avgJctSec() / 3600, figures.p99JctSec() / 3600, figures.makespanSec() / 3600,
                    figures.resizes(), (System.nanoTime() - start) / 1e9);
        } catch (IllegalStateException e) {
            // The simulator's verdict on the policy: a result to report, not a reason to lose the other runs.
            run.cell().failed(run.workload(), e.getMessage());
            return "FAILED: " + e.getMessage();
        }
    }

    private JobOutcomeCsvWriter perJobCsv(Run run) {
        if (settings.outDir() == null) {
            return null;
        }
        Path folder = settings.outDir().resolve(run.suite().name()).resolve(run.suite().workloadName(run.workload()));
        try {
            Files.createDirectories(folder);
            return new JobOutcomeCsvWriter(RunReport.jobCsvFile(folder, run.policy()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write per-job CSV under " + folder, e);
        }
    }
}
