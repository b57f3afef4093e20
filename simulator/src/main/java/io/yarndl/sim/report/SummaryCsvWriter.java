package io.yarndl.sim.report;

import io.yarndl.sim.engine.SimulationResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a run's summary: one CSV row per policy with every field of {@link SimulationResult} and
 * the average JCT as a multiple of the baseline policy's (the same number the text table prints).
 *
 * <p>Columns: {@value #HEADER}. Durations in seconds, utilisation as a fraction from 0 to 1.
 */
public final class SummaryCsvWriter {

    /** The header row, also the column order. */
    public static final String HEADER = "policy,jobs,avg_jct_sec,median_jct_sec,p95_jct_sec,makespan_sec,"
            + "gpu_utilisation,resizes,avg_isolated_jct_sec,rounds,mean_plan_ms,max_plan_ms,wall_sec,"
            + "baseline,avg_jct_vs_baseline";

    private SummaryCsvWriter() {
    }

    /** Writes (or overwrites) {@code file} with one row per result, ratios against {@code table}'s baseline. */
    public static void write(Path file, List<SimulationResult> results, ResultTable table) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write(HEADER);
            out.write('\n');
            for (SimulationResult r : results) {
                out.write(String.join(",",
                        CsvCells.text(r.policy()),
                        Long.toString(r.jobs()),
                        CsvCells.number(r.avgJctSec(), 3),
                        CsvCells.number(r.medianJctSec(), 3),
                        CsvCells.number(r.p95JctSec(), 3),
                        CsvCells.number(r.makespanSec(), 3),
                        CsvCells.number(r.gpuUtilisation(), 6),
                        Long.toString(r.resizes()),
                        CsvCells.number(r.avgIsolatedJctSec(), 3),
                        Long.toString(r.rounds()),
                        CsvCells.number(r.meanPlanMillis(), 4),
                        CsvCells.number(r.maxPlanMillis(), 4),
                        CsvCells.number(r.wallSeconds(), 3),
                        CsvCells.text(table.baselineName()),
                        CsvCells.number(table.avgJctRatio(r), 6)));
                out.write('\n');
            }
        }
    }
}
