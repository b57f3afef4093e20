package io.yarndl.sim.experiments;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The comparison's report: per scenario, every policy's average JCT, makespan and GPU utilisation;
 * then, per scenario, each Gavel policy's heterogeneity-agnostic variant over its aware one (a
 * ratio above 1 means the aware one is better by that factor), beside what the paper reports; and
 * each aware policy over its space-sharing ({@code -packed}) variant (above 1: sharing GPUs is better).
 */
final class HeterogeneousReport {

    /** Gavel's agnostic / aware pairs, by the agnostic name; the aware one adds {@code -perf}. */
    static final List<String> AGNOSTIC = List.of("gavel-max-min-fairness", "gavel-fifo", "gavel-finish-time-fairness",
            "gavel-min-total-duration");

    /** Gavel's aware policies that have a space-sharing variant, which adds {@code -packed} in place of {@code -perf}. */
    static final List<String> PACKABLE = List.of("gavel-max-min-fairness", "gavel-finish-time-fairness",
            "gavel-min-total-duration");

    private final Map<Scenario, List<SummaryRow>> results = new LinkedHashMap<>();

    void add(Scenario scenario, List<SummaryRow> rows) {
        results.put(scenario, List.copyOf(rows));
    }

    /** The report as markdown. */
    String markdown() {
        StringBuilder md = new StringBuilder();
        for (Map.Entry<Scenario, List<SummaryRow>> entry : results.entrySet()) {
            md.append("### ").append(entry.getKey().name()).append(": ").append(entry.getKey().title()).append("\n\n");
            md.append("| policy | jobs | avg JCT (h) | makespan (h) | GPU util | plan ms (mean) |\n");
            md.append("| --- | ---: | ---: | ---: | ---: | ---: |\n");
            for (SummaryRow row : entry.getValue()) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.1f%% | %.2f |%n", row.policy(),
                        row.jobs(), row.avgJctSec() / 3600, row.makespanSec() / 3600, row.utilisation() * 100,
                        row.meanPlanMs()));
            }
            md.append('\n');
        }
        md.append("### Heterogeneity-agnostic over heterogeneity-aware (above 1: aware is better)\n\n");
        md.append("| scenario | policy | avg JCT ratio | makespan ratio | the paper |\n");
        md.append("| --- | --- | ---: | ---: | --- |\n");
        ratios(md, AGNOSTIC, "", "-perf", "(-perf)", true);
        md.append('\n');
        md.append("### Aware over aware with space sharing (above 1: sharing GPUs is better)\n\n");
        md.append("| scenario | policy | avg JCT ratio | makespan ratio |\n");
        md.append("| --- | --- | ---: | ---: |\n");
        ratios(md, PACKABLE, "-perf", "-packed", "-perf / -packed", false);
        return md.toString();
    }

    /**
     * One row per scenario and base name that has both variants: the variant named base + over over
     * the one named base + under, in avg JCT and makespan, with the paper's claim where withPaper.
     */
    private void ratios(StringBuilder md, List<String> bases, String over, String under, String label,
                        boolean withPaper) {
        for (Map.Entry<Scenario, List<SummaryRow>> entry : results.entrySet()) {
            for (String base : bases) {
                Optional<SummaryRow> worse = find(entry.getValue(), base + over);
                Optional<SummaryRow> better = find(entry.getValue(), base + under);
                if (worse.isPresent() && better.isPresent()) {
                    md.append(String.format(Locale.ROOT, "| %s | %s | %.2fx | %.2fx |%s%n", entry.getKey().name(),
                            base + label, worse.get().avgJctSec() / better.get().avgJctSec(),
                            worse.get().makespanSec() / better.get().makespanSec(),
                            withPaper ? " " + entry.getKey().paper() + " |" : ""));
                }
            }
        }
    }

    /** Writes {@code heterogeneous.md} and {@code heterogeneous.csv} (one row per scenario and policy) under {@code out}. */
    void write(Path out) throws IOException {
        Files.createDirectories(out);
        Files.writeString(out.resolve("heterogeneous.md"), markdown(), StandardCharsets.UTF_8);
        List<String> csv = new ArrayList<>();
        csv.add("scenario,policy,jobs,avg_jct_sec,makespan_sec,gpu_utilisation,mean_plan_ms");
        results.forEach((scenario, rows) -> rows.forEach(row -> csv.add(String.format(Locale.ROOT,
                "%s,%s,%d,%.3f,%.3f,%.6f,%.4f", scenario.name(), row.policy(), row.jobs(), row.avgJctSec(),
                row.makespanSec(), row.utilisation(), row.meanPlanMs()))));
        Files.write(out.resolve("heterogeneous.csv"), csv, StandardCharsets.UTF_8);
    }

    private static Optional<SummaryRow> find(List<SummaryRow> rows, String policy) {
        return rows.stream().filter(row -> row.policy().equals(policy)).findFirst();
    }
}
