package io.yarndl.sim.report;

import io.yarndl.sim.engine.JobOutcome;
import io.yarndl.sim.engine.SimulationResult;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything one simulator run writes under its output folder, gathered as policies run one
 * after another: {@code jobs-<policy>.csv} streamed while each policy runs, then
 * {@code summary.csv}, {@code jct-cdf.png} and the text table once all have run.
 *
 * <p>Use: {@link #startPolicy} gives the consumer to hand the simulator, {@link #finishPolicy}
 * takes its result, {@link #finish} writes the rest. Per policy, only its JCTs are kept (8 bytes a
 * job). Not thread-safe. Closing it closes a per-job file left open by a failed run.
 */
public final class RunReport implements Closeable {

    /** What a finished run wrote, and the table to print. */
    public record Written(String table, List<Path> jobCsvs, Path summaryCsv, Path chartPng) {
    }

    private final Path outDir;
    private final String baselineName;
    private final List<SimulationResult> results = new ArrayList<>();
    private final Map<String, JctDistribution> jcts = new LinkedHashMap<>();
    private final List<Path> jobCsvs = new ArrayList<>();
    private JobOutcomeCsvWriter current;
    private String currentPolicy;

    /**
     * @param outDir       the folder to write into (created when missing)
     * @param baselineName the policy ratios are taken against; {@code null} for the first to run
     */
    public RunReport(Path outDir, String baselineName) {
        this.outDir = outDir;
        this.baselineName = baselineName;
    }

    /** The per-job CSV file of {@code policy} under {@code outDir}. */
    public static Path jobCsvFile(Path outDir, String policy) {
        return outDir.resolve("jobs-" + policy.replaceAll("[^A-Za-z0-9._-]", "_") + ".csv");
    }

    /** Opens {@code policy}'s per-job CSV and returns the consumer to give the simulator. */
    public Consumer<JobOutcome> startPolicy(String policy) throws IOException {
        if (current != null) {
            throw new IllegalStateException("policy " + currentPolicy + " has not finished");
        }
        if (jcts.containsKey(policy)) {
            throw new IllegalArgumentException("policy " + policy + " already ran in this report");
        }
        Files.createDirectories(outDir);
        JctDistribution distribution = new JctDistribution();
        JobOutcomeCsvWriter writer = new JobOutcomeCsvWriter(jobCsvFile(outDir, policy));
        current = writer;
        currentPolicy = policy;
        jcts.put(policy, distribution);
        return outcome -> {
            writer.accept(outcome);
            distribution.accept(outcome);
        };
    }

    /** Closes the running policy's per-job CSV and records its result; returns the CSV's path. */
    public Path finishPolicy(SimulationResult result) throws IOException {
        if (current == null || !currentPolicy.equals(result.policy())) {
            throw new IllegalStateException("result for " + result.policy() + " but running " + currentPolicy);
        }
        Path file = current.file();
        current.close();
        current = null;
        currentPolicy = null;
        results.add(result);
        jobCsvs.add(file);
        return file;
    }

    /** The completion times collected for {@code policy}, or {@code null} if it never started. */
    public JctDistribution jcts(String policy) {
        return jcts.get(policy);
    }

    /**
     * Writes {@code summary.csv} and {@code jct-cdf.png} and renders the table. The chart is
     * skipped ({@code chartPng} null) when no policy completed a job.
     */
    public Written finish(String chartTitle) throws IOException {
        if (current != null) {
            throw new IllegalStateException("policy " + currentPolicy + " has not finished");
        }
        ResultTable table = new ResultTable(results, baselineName);
        Path summary = outDir.resolve("summary.csv");
        SummaryCsvWriter.write(summary, results, table);
        Path chart = null;
        if (jcts.values().stream().anyMatch(d -> !d.isEmpty())) {
            chart = outDir.resolve("jct-cdf.png");
            JctCdfChart.standard().save(chart, chartTitle, jcts);
        }
        return new Written(table.render(), List.copyOf(jobCsvs), summary, chart);
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
