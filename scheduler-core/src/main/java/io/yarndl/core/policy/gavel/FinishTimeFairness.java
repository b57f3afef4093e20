package io.yarndl.core.policy.gavel;

/**
 * Gavel's finish-time fairness, after Themis (Narayanan et al., OSDI'20, section 4.2; Mahajan et
 * al., NSDI'20): no job should finish much later than it would on its own 1/n share of the cluster.
 * With {@code thr_j(X) = sum_k T[j][k] X[j][k]}, t_j the seconds since job j arrived, R_j its
 * remaining steps and T_iso[j] its isolated throughput ({@link EqualShare#isolatedThroughputs}):
 *
 * <pre>
 *   rho_j(X) = (t_j + R_j / thr_j(X)) / d_j,      d_j = t_j + R_j / T_iso[j]
 *   minimise  max_j rho_j(X)      subject to the shared constraints ({@link AllocationObjective})
 * </pre>
 *
 * <p>rho_j is not linear in X, but for a fixed rho, {@code rho_j(X) <= rho} is
 * {@code thr_j(X) >= R_j / (rho d_j - t_j)}, which is (rho d_j &gt; t_j always holds in the range
 * below). So this bisects on rho, one LP feasibility check a step, over
 * {@code [max_j (t_j + R_j / Tmax_j) / d_j, 1]}: no job beats all its time on its fastest type
 * (Tmax_j), and the isolated allocation fits the cluster and gives every rho_j = 1. It stops when
 * the interval is {@value #TOLERANCE} wide (about 24 LPs) and returns the last feasible X. Each
 * check maximises {@code sum_j thr_j(X) / T_iso[j]}, so that X also hands out what the slowest
 * finisher leaves, as max-min fairness's second stage does.
 *
 * <p>Two differences from Gavel's code, which solves this as one convex program: Gavel's d_j
 * counts the isolated-equivalent time of the work done so far, which it accumulates across rounds;
 * the problem carries t_j instead, so the objective stays stateless (a caller may pass that
 * accumulated time as secondsSinceArrival). And Gavel ignores priority weights here (a TODO in its
 * code); so does this. Jobs that can run nowhere get nothing. The heterogeneity-agnostic variant
 * sees every type at the job's fastest throughput ({@link #heterogeneityAgnostic}), as Gavel's sees
 * every GPU as a V100.
 */
public final class FinishTimeFairness implements AllocationObjective {

    public static final String NAME = "finish_time_fairness";

    /** Width of the rho interval at which bisection stops. */
    public static final double TOLERANCE = 1e-7;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public AllocationProblem heterogeneityAgnostic(AllocationProblem problem) {
        return problem.withFastestTypeThroughputs();
    }

    @Override
    public TimeFractions solve(AllocationProblem problem) {
        int n = problem.jobCount();
        if (problem.isEmpty()) {
            return TimeFractions.zeros(n, problem.typeCount());
        }
        double[] isolated = EqualShare.isolatedThroughputs(problem);
        double[] d = new double[n];
        double lo = 0;
        for (int j = 0; j < n; j++) {
            if (isolated[j] > 0) {
                d[j] = problem.secondsSinceArrival(j) + problem.remainingSteps(j) / isolated[j];
                double alone = problem.secondsSinceArrival(j) + problem.remainingSteps(j) / problem.bestThroughput(j);
                lo = Math.max(lo, alone / d[j]);
            }
        }
        if (lo == 0) {
            return TimeFractions.zeros(n, problem.typeCount());
        }
        double hi = 1 + TOLERANCE;
        lo = Math.min(lo, hi);
        TimeFractions best = feasibleAt(hi, problem, isolated, d);
        if (best == null) {
            throw new AllocationSolverException(NAME, "the isolated share does not fit", "INFEASIBLE");
        }
        while (hi - lo > TOLERANCE) {
            double rho = (lo + hi) / 2;
            TimeFractions candidate = feasibleAt(rho, problem, isolated, d);
            if (candidate != null) {
                best = candidate;
                hi = rho;
            } else {
                lo = rho;
            }
        }
        return best;
    }

    /** The X that maximises leftover use with every rho_j(X) <= rho, or null if there is none. */
    private static TimeFractions feasibleAt(double rho, AllocationProblem problem, double[] isolated, double[] d) {
        AllocationLp lp = new AllocationLp(NAME, problem);
        for (int j = 0; j < problem.jobCount(); j++) {
            if (isolated[j] > 0) {
                // Scaled by 1/Tmax_j so that every coefficient and bound lies in [0, 1].
                double best = problem.bestThroughput(j);
                double needed = problem.remainingSteps(j) / (rho * d[j] - problem.secondsSinceArrival(j));
                lp.row("finish of job " + j).plusThroughputOf(j, 1 / best).atLeast(needed / best);
                lp.objective().plusThroughputOf(j, 1 / isolated[j]);
            }
        }
        return lp.maximiseIfFeasible("the feasibility LP at rho " + rho) ? lp.fractions() : null;
    }
}
