package io.yarndl.core.policy.gavel;

import java.util.Arrays;
import org.ojalgo.optimisation.Variable;

/**
 * Gavel's heterogeneity-aware max-min fairness, its take on least attained service (Narayanan et
 * al., OSDI'20, section 4.1): every job gets at least as much normalised throughput as the
 * worst-off job can get, with priority weights w_j. With {@code thr_j(X) = sum_k T[j][k] X[j][k]}
 * and T_eq[j] the throughput of an equal 1/n share of the cluster ({@link EqualShare}):
 *
 * <pre>
 *   stage 1:  maximise  t
 *             subject to  thr_j(X) / (w_j * T_eq[j]) >= t      for every job that can run
 *                         + the shared constraints ({@link AllocationObjective})
 *   stage 2:  maximise  sum_j thr_j(X) / T_eq[j]
 *             subject to  thr_j(X) / (w_j * T_eq[j]) >= t* (1 - 1e-7)
 *                         + the shared constraints
 * </pre>
 *
 * <p>Stage 2 hands out what the minimum leaves: the max-min value is often set by one job, and any
 * X that gives it is optimal for stage 1, idle GPUs included. It is a second LP rather than an
 * epsilon-weighted term {@code t + eps * sum}, because the eps that never trades the minimum for
 * total throughput depends on the data and a too-small one drowns in the solver's tolerance; the
 * price is one more solve. The relative slack 1e-7 keeps stage 2 feasible despite stage 1's
 * rounding.
 *
 * <p>Gavel's heterogeneity-agnostic {@code max_min_fairness} is this objective on
 * {@link AllocationProblem#withEqualThroughputs()}. Jobs that can run nowhere get nothing and do
 * not hold the minimum at zero.
 */
public final class MaxMinFairness implements AllocationObjective {

    public static final String NAME = "max_min_fairness";

    static final double FLOOR_SLACK = 1e-7;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public TimeFractions solve(AllocationProblem problem) {
        double[] equalShare = EqualShare.throughputs(problem);
        if (problem.isEmpty() || Arrays.stream(equalShare).allMatch(t -> t == 0)) {
            return TimeFractions.zeros(problem.jobCount(), problem.typeCount());
        }
        AllocationLp fairest = new AllocationLp(NAME, problem);
        Variable t = fairest.variable("t");
        for (int j = 0; j < problem.jobCount(); j++) {
            if (equalShare[j] > 0) {
                fairest.row("share of job " + j)
                        .plusThroughputOf(j, 1 / (problem.priorityWeight(j) * equalShare[j]))
                        .plus(t, -1).atLeast(0);
            }
        }
        fairest.objective().plus(t, 1);
        fairest.maximise("the max-min LP");
        double floor = fairest.value(t) * (1 - FLOOR_SLACK);

        AllocationLp fullest = new AllocationLp(NAME, problem);
        for (int j = 0; j < problem.jobCount(); j++) {
            if (equalShare[j] > 0) {
                fullest.row("share of job " + j)
                        .plusThroughputOf(j, 1 / (problem.priorityWeight(j) * equalShare[j])).atLeast(floor);
                fullest.objective().plusThroughputOf(j, 1 / equalShare[j]);
            }
        }
        fullest.maximise("the leftover-capacity LP");
        return fullest.fractions();
    }
}
