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

/**
 * The placement comparison's report: for each allocation policy and placement, the average JCT of
 * every seed and its ratio to the same policy's {@code packing} run of the same seed (below 1: the
 * placement beats packing), then the mean ratio over the seeds.
 */
final class PlacementComparison {

    static final String BASELINE = "packing";

    private final List<Long> seeds = new ArrayList<>();
    /** Rows by "policy/placement", then by seed, in the order they came. */
    private final Map<String, Map<Long, SummaryRow>> rows = new LinkedHashMap<>();

    void add(long seed, List<SummaryRow> seedRows) {
        seeds.add(seed);
        for (SummaryRow row : seedRows) {
            rows.computeIfAbsent(row.policy(), name -> new LinkedHashMap<>()).put(seed, row);
        }
    }

    /** The report as markdown. */
    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("| policy | placement |");
        seeds.forEach(seed -> md.append(" avg JCT (h), seed ").append(seed).append(" |"));
        md.append(" vs packing, mean (min..max) |\n| --- | --- |");
        seeds.forEach(seed -> md.append(" ---: |"));
        md.append(" ---: |\n");
        for (Map.Entry<String, Map<Long, SummaryRow>> entry : rows.entrySet()) {
            String[] name = split(entry.getKey());
            md.append("| ").append(name[0]).append(" | ").append(name[1]).append(" |");
            List<Double> ratios = new ArrayList<>();
            for (long seed : seeds) {
                SummaryRow row = entry.getValue().get(seed);
                SummaryRow base = baseline(name[0], seed);
                md.append(row == null ? " - |" : String.format(Locale.ROOT, " %.2f |", row.avgJctSec() / 3600));
                if (row != null && base != null) {
                    ratios.add(row.avgJctSec() / base.avgJctSec());
                }
            }
            md.append(ratios.isEmpty() ? " - |\n" : String.format(Locale.ROOT, " %.3f (%.3f..%.3f) |%n",
                    ratios.stream().mapToDouble(Double::doubleValue).average().orElseThrow(),
                    ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                    ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
        }
        return md.toString();
    }

    /** Writes the markdown to {@code placements.md} and every row to {@code placements.csv} under {@code dir}. */
    void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("placements.md"), markdown(), StandardCharsets.UTF_8);
        StringBuilder csv = new StringBuilder("policy,placement,seed,jobs,avg_jct_sec,makespan_sec,gpu_utilisation,"
                + "mean_plan_ms,avg_jct_vs_packing\n");
        rows.forEach((key, bySeed) -> bySeed.forEach((seed, row) -> {
            String[] name = split(key);
            SummaryRow base = baseline(name[0], seed);
            csv.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%.1f,%.1f,%.4f,%.3f,%s%n", name[0], name[1], seed,
                    row.jobs(), row.avgJctSec(), row.makespanSec(), row.utilisation(), row.meanPlanMs(),
                    base == null ? "" : String.format(Locale.ROOT, "%.4f", row.avgJctSec() / base.avgJctSec())));
        }));
        Files.writeString(dir.resolve("placements.csv"), csv.toString(), StandardCharsets.UTF_8);
    }

    private SummaryRow baseline(String policy, long seed) {
        Map<Long, SummaryRow> base = rows.get(policy + "/" + BASELINE);
        return base == null ? null : base.get(seed);
    }

    /** "optimus/packing" into its policy and placement; a row with no placement placed with packing. */
    private static String[] split(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? new String[] {key, BASELINE} : new String[] {key.substring(0, slash), key.substring(slash + 1)};
    }
}
