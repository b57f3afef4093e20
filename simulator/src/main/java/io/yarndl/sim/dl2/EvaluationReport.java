package io.yarndl.sim.dl2;

import io.yarndl.core.policy.dl2.Dl2Policy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The results of {@code evaluate}, each policy's average JCT on each seed of each workload (and
 * load), shown two ways: a markdown table per workload for people, one JSON object for the trainer.
 * Below each table, every policy that is not a baseline (dl2, smd, any other) gets one line saying
 * how far it is below or above optimus and drf, the question the table is there to answer.
 */
final class EvaluationReport {

    static final String OPTIMUS = "optimus";
    static final String DRF = "drf";
    static final String FIFO = "fifo";
    /** The policies others are measured against; they get no line of their own under the table. */
    static final Set<String> BASELINES = Set.of(FIFO, DRF, OPTIMUS);

    private final Map<String, Map<String, PolicyResults>> byWorkload;
    private final boolean dl2FellBack;
    private final String dl2Model;

    /**
     * @param byWorkload  workload label (or {@code workload@load}) to policy name (in the order asked for) to its results
     * @param dl2FellBack whether dl2 ran optimus in its place
     * @param dl2Model    the model dl2 served, as {@link Dl2FallbackWarning#servedModel()}; null if none
     */
    EvaluationReport(Map<String, Map<String, PolicyResults>> byWorkload, boolean dl2FellBack, String dl2Model) {
        this.byWorkload = byWorkload;
        this.dl2FellBack = dl2FellBack;
        this.dl2Model = dl2Model;
    }

    /**
     * {workload: {policy: {"meanAvgJctSec", "stdAvgJctSec", "perSeed", and for dl2 "fallback" and
     * "model"}}}; a
     * failed run is null in perSeed, makes the mean and std null, and is explained in "failures".
     */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        byWorkload.forEach((workload, policies) -> {
            Map<String, Object> perPolicy = new LinkedHashMap<>();
            policies.forEach((policy, results) -> {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("meanAvgJctSec", orNull(results.mean()));
                entry.put("stdAvgJctSec", orNull(results.std()));
                List<Double> perSeed = new ArrayList<>();
                for (double jct : results.perSeed()) {
                    perSeed.add(orNull(jct));
                }
                entry.put("perSeed", perSeed);
                if (Dl2Policy.NAME.equals(policy)) {
                    entry.put("fallback", dl2FellBack);
                    entry.put("model", dl2Model);
                }
                if (!results.complete()) {
                    entry.put("failures", results.failures());
                }
                perPolicy.put(policy, entry);
            });
            json.put(workload, perPolicy);
        });
        return json;
    }

    /**
     * One markdown table per workload: mean and std over seeds of each policy's average JCT, in
     * hours, and its ratio to optimus's and drf's means; then how each policy other than the
     * {@link #BASELINES} compares, and why any run failed.
     *
     * @param titles a heading per workload (what ran: jobs, load, cluster, seeds)
     */
    String toMarkdown(Map<String, String> titles) {
        StringBuilder out = new StringBuilder();
        byWorkload.forEach((workload, policies) -> {
            out.append("### ").append(titles.getOrDefault(workload, workload)).append("\n\n");
            out.append("| policy | avg JCT (h), mean over seeds | std over seeds (h) | vs optimus | vs drf |\n");
            out.append("| --- | ---: | ---: | ---: | ---: |\n");
            double optimus = meanOf(policies, OPTIMUS);
            double drf = meanOf(policies, DRF);
            List<String> notes = new ArrayList<>();
            policies.forEach((policy, results) -> {
                String label = Dl2Policy.NAME.equals(policy) && dl2FellBack ? policy + " (fallback)" : policy;
                if (results.complete()) {
                    double mean = results.mean();
                    out.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %s | %s |%n", label, mean / 3600,
                            results.std() / 3600, ratio(mean, optimus), ratio(mean, drf)));
                } else {
                    List<String> failures = results.failures();
                    out.append(String.format(Locale.ROOT, "| %s | failed on %d of %d seeds | | | |%n", label,
                            failures.size(), results.seedCount()));
                    notes.add(policy + " failed on " + failures.get(0)
                            + (failures.size() > 1 ? " (and " + (failures.size() - 1) + " more)" : ""));
                }
            });
            out.append('\n');
            policies.forEach((policy, results) -> {
                if (!BASELINES.contains(policy)) {
                    out.append(comparisonLine(policy, results, optimus, drf)).append("\n\n");
                }
            });
            for (String note : notes) {
                out.append(note).append("\n\n");
            }
        });
        return out.toString();
    }

    /** "policy: x% below optimus, y% above drf (...)"; dl2's line also says which model ran, or that none did. */
    private String comparisonLine(String policy, PolicyResults results, double optimus, double drf) {
        String prefix = linePrefix(policy);
        if (!results.complete()) {
            return prefix + "no comparison: it failed on " + results.failures().size() + " of " + results.seedCount()
                    + " seeds.";
        }
        if (Double.isNaN(optimus) && Double.isNaN(drf)) {
            return prefix + "no complete optimus or drf results to compare with.";
        }
        List<String> parts = new ArrayList<>();
        if (!Double.isNaN(optimus)) {
            parts.add(below(results.mean(), optimus) + " optimus");
        }
        if (!Double.isNaN(drf)) {
            parts.add(below(results.mean(), drf) + " drf");
        }
        int seeds = results.seedCount();
        return prefix + String.join(", ", parts) + String.format(Locale.ROOT, " (mean avg JCT over %d seed%s).", seeds,
                seeds == 1 ? "" : "s");
    }

    private String linePrefix(String policy) {
        if (!Dl2Policy.NAME.equals(policy)) {
            return policy + ": ";
        }
        return dl2FellBack ? "dl2 FELL BACK to optimus (its model was not used), so its row is optimus's: "
                : "dl2" + (dl2Model != null ? " (model " + dl2Model + ")" : "") + ": ";
    }

    private static double meanOf(Map<String, PolicyResults> policies, String name) {
        PolicyResults results = policies.get(name);
        return results == null ? Double.NaN : results.mean();
    }

    /** "12.3% below" or "4.5% above": how far {@code value} is under {@code reference}. */
    private static String below(double value, double reference) {
        double percent = 100 * (reference - value) / reference;
        return String.format(Locale.ROOT, "%.1f%% %s", Math.abs(percent), percent >= 0 ? "below" : "above");
    }

    private static String ratio(double value, double reference) {
        return Double.isNaN(reference) ? "n/a" : String.format(Locale.ROOT, "%.3f", value / reference);
    }

    private static Double orNull(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
