package io.yarndl.core.policy.gavel;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Gavel's policies by yarn-dl name ({@code gavel-} and Gavel's own name with dashes): each an
 * {@link AllocationObjective} and whether it sees the problem's throughputs as they are
 * (heterogeneity-aware, Gavel's {@code _perf} policies) or through the objective's
 * {@link AllocationObjective#heterogeneityAgnostic} view.
 *
 * <table>
 *   <caption>Names</caption>
 *   <tr><th>yarn-dl</th><th>Gavel</th><th>objective</th><th>aware</th></tr>
 *   <tr><td>gavel-max-min-fairness</td><td>max_min_fairness</td><td>{@link MaxMinFairness}</td><td>no</td></tr>
 *   <tr><td>gavel-max-min-fairness-perf</td><td>max_min_fairness_perf</td><td>{@link MaxMinFairness}</td><td>yes</td></tr>
 *   <tr><td>gavel-finish-time-fairness</td><td>finish_time_fairness</td><td>{@link FinishTimeFairness}</td><td>no</td></tr>
 *   <tr><td>gavel-finish-time-fairness-perf</td><td>finish_time_fairness_perf</td><td>{@link FinishTimeFairness}</td><td>yes</td></tr>
 *   <tr><td>gavel-fifo</td><td>fifo</td><td>{@link Fifo}</td><td>no</td></tr>
 *   <tr><td>gavel-fifo-perf</td><td>fifo_perf</td><td>{@link Fifo}</td><td>yes</td></tr>
 *   <tr><td>gavel-min-total-duration</td><td>min_total_duration</td><td>{@link MinTotalDuration}</td><td>no</td></tr>
 *   <tr><td>gavel-min-total-duration-perf</td><td>min_total_duration_perf</td><td>{@link MinTotalDuration}</td><td>yes</td></tr>
 *   <tr><td>gavel-max-sum-throughput-perf</td><td>max_sum_throughput_perf</td><td>{@link MaxSumThroughput}</td><td>yes</td></tr>
 *   <tr><td>gavel-max-min-fairness-packed</td><td>max_min_fairness_packed</td><td>{@link MaxMinFairness}</td><td>yes, sharing GPUs</td></tr>
 *   <tr><td>gavel-finish-time-fairness-packed</td><td>finish_time_fairness_packed</td><td>{@link FinishTimeFairness}</td><td>yes, sharing GPUs</td></tr>
 *   <tr><td>gavel-min-total-duration-packed</td><td>min_total_duration_packed</td><td>{@link MinTotalDuration}</td><td>yes, sharing GPUs</td></tr>
 * </table>
 *
 * <p>The {@code -packed} ones are the aware ones with space sharing: their problems carry the
 * {@link SharingPair}s whose co-located throughputs are known, and the LP may give a pair time on
 * the same GPUs ({@link GavelObjective#sharesGpus()}). Gavel's {@code fifo_packed} is not here:
 * Gavel's FIFO with packing is a greedy heuristic of its own, not one of these LPs.
 *
 * <p>Gavel's {@code min_total_duration} is the agnostic one (its {@code MinTotalDurationPolicy}
 * sees every GPU as a V100); the aware one is {@code min_total_duration_perf}. Both are here.
 */
public final class GavelObjectives {

    private static final Map<String, GavelObjective> BY_NAME = new LinkedHashMap<>();

    static {
        pair("max-min-fairness", new MaxMinFairness());
        pair("finish-time-fairness", new FinishTimeFairness());
        pair("fifo", new Fifo());
        pair("min-total-duration", new MinTotalDuration());
        add("gavel-max-sum-throughput-perf", "max_sum_throughput_perf", new MaxSumThroughput(), true);
        packed("max-min-fairness", new MaxMinFairness());
        packed("finish-time-fairness", new FinishTimeFairness());
        packed("min-total-duration", new MinTotalDuration());
    }

    private GavelObjectives() {
    }

    /** The objective called name, e.g. {@code gavel-max-min-fairness-perf}. */
    public static GavelObjective objective(String name) {
        GavelObjective objective = BY_NAME.get(Objects.requireNonNull(name, "name"));
        if (objective == null) {
            throw new IllegalArgumentException("unknown Gavel objective '" + name + "'; known: " + names());
        }
        return objective;
    }

    /** Every name {@link #objective(String)} knows, in the table's order. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }

    /** Whether {@code name} is a Gavel policy that puts two jobs on the same GPUs (a {@code -packed} one). */
    public static boolean sharesGpus(String name) {
        GavelObjective objective = BY_NAME.get(name);
        return objective != null && objective.sharesGpus();
    }

    /**
     * A named Gavel policy: objective, solved on the problem as it is when heterogeneityAware, else on
     * the objective's agnostic view of it; sharesGpus when its problems carry the pairs of jobs that
     * may share GPUs (only aware ones do).
     */
    public record GavelObjective(String name, String gavelName, AllocationObjective objective,
            boolean heterogeneityAware, boolean sharesGpus) implements AllocationObjective {

        public GavelObjective {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(gavelName, "gavelName");
            Objects.requireNonNull(objective, "objective");
            if (sharesGpus && !heterogeneityAware) {
                throw new IllegalArgumentException(name + ": only a heterogeneity-aware objective shares GPUs");
            }
        }

        /** A policy whose jobs never share GPUs. */
        public GavelObjective(String name, String gavelName, AllocationObjective objective, boolean heterogeneityAware) {
            this(name, gavelName, objective, heterogeneityAware, false);
        }

        @Override
        public TimeFractions solve(AllocationProblem problem) {
            return objective.solve(heterogeneityAware ? problem : objective.heterogeneityAgnostic(problem));
        }
    }

    private static void pair(String dashed, AllocationObjective objective) {
        String gavel = dashed.replace('-', '_');
        add("gavel-" + dashed, gavel, objective, false);
        add("gavel-" + dashed + "-perf", gavel + "_perf", objective, true);
    }

    private static void packed(String dashed, AllocationObjective objective) {
        BY_NAME.put("gavel-" + dashed + "-packed",
                new GavelObjective("gavel-" + dashed + "-packed", dashed.replace('-', '_') + "_packed", objective, true, true));
    }

    private static void add(String name, String gavelName, AllocationObjective objective, boolean aware) {
        BY_NAME.put(name, new GavelObjective(name, gavelName, objective, aware));
    }
}
