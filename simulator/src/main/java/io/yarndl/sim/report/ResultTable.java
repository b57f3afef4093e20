package io.yarndl.sim.report;

import io.yarndl.sim.engine.SimulationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The table a simulator run prints: one row per policy with its JCT statistics, makespan, GPU
 * utilisation, resizes, the isolated-JCT lower bound and its average JCT as a multiple of a
 * baseline policy's. Rendered as a Markdown pipe table with padded columns, so the same text reads
 * well in a terminal and pastes into the README unchanged.
 */
public final class ResultTable {

    private final List<SimulationResult> results;
    private final SimulationResult baseline;

    /**
     * @param results      one per policy, in the order to print
     * @param baselineName the policy ratios are taken against; {@code null} for the first one
     * @throws IllegalArgumentException when {@code results} is empty or names no such baseline
     */
    public ResultTable(List<SimulationResult> results, String baselineName) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("no results to tabulate");
        }
        this.results = List.copyOf(results);
        this.baseline = baselineName == null ? this.results.get(0) : this.results.stream()
                .filter(r -> r.policy().equals(baselineName))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("baseline policy '" + baselineName
                        + "' is not among the results: " + this.results.stream().map(SimulationResult::policy).toList()));
    }

    /** The baseline policy's name. */
    public String baselineName() {
        return baseline.policy();
    }

    /**
     * A policy's average JCT divided by the baseline's: below 1 means faster than the baseline.
     * NaN when the baseline completed no jobs.
     */
    public static double avgJctRatio(SimulationResult result, SimulationResult baseline) {
        return baseline.avgJctSec() > 0 ? result.avgJctSec() / baseline.avgJctSec() : Double.NaN;
    }

    /** The ratio of {@code result}'s average JCT to this table's baseline. */
    public double avgJctRatio(SimulationResult result) {
        return avgJctRatio(result, baseline);
    }

    /** The table as text, ending in a newline. */
    public String render() {
        DurationFormat jct = unitFor(SimulationResult::avgJctSec, SimulationResult::medianJctSec,
                SimulationResult::p95JctSec, SimulationResult::avgIsolatedJctSec);
        DurationFormat span = unitFor(SimulationResult::makespanSec);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"policy", "jobs", "avg JCT (" + jct.symbol() + ")", "median JCT (" + jct.symbol() + ")",
            "p95 JCT (" + jct.symbol() + ")", "makespan (" + span.symbol() + ")", "GPU util", "resizes",
            "isolated JCT avg (" + jct.symbol() + ")", "avg JCT vs " + baseline.policy(), "plan ms mean/max"});
        for (SimulationResult r : results) {
            rows.add(new String[] {r.policy(), Long.toString(r.jobs()), jct.format(r.avgJctSec()),
                jct.format(r.medianJctSec()), jct.format(r.p95JctSec()), span.format(r.makespanSec()),
                String.format(Locale.ROOT, "%.1f%%", 100 * r.gpuUtilisation()), Long.toString(r.resizes()),
                jct.format(r.avgIsolatedJctSec()), formatRatio(avgJctRatio(r)),
                String.format(Locale.ROOT, "%.2f / %.2f", r.meanPlanMillis(), r.maxPlanMillis())});
        }
        return MarkdownTable.render(rows);
    }

    /** A ratio as the table prints it, e.g. {@code 0.62x}. */
    public static String formatRatio(double ratio) {
        return Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2fx", ratio);
    }

    @SafeVarargs
    private DurationFormat unitFor(ToDoubleFunction<SimulationResult>... columns) {
        double max = 0;
        for (SimulationResult r : results) {
            for (ToDoubleFunction<SimulationResult> column : columns) {
                double value = column.applyAsDouble(r);
                if (Double.isFinite(value)) {
                    max = Math.max(max, value);
                }
            }
        }
        return DurationFormat.forLargest(max);
    }
}
