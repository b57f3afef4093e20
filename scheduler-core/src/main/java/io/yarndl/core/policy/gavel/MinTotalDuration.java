package io.yarndl.core.policy.gavel;

/**
 * Gavel's minimum total duration, the makespan policy (Narayanan et al., OSDI'20, section 4.3):
 * finish the whole batch of jobs as early as possible. With {@code thr_j(X) = sum_k T[j][k] X[j][k]}
 * and R_j the steps job j has left:
 *
 * <pre>
 *   minimise  M(X) = max_j R_j / thr_j(X)      subject to the shared constraints ({@link AllocationObjective})
 *
 *   with s = 1/M, one LP:   stage 1:  maximise  s   subject to  thr_j(X) >= R_j * s   for every job that can run
 *   then the leftover:      stage 2:  maximise  sum_j thr_j(X) / R_j
 *                                     subject to  thr_j(X) >= R_j * s,  s >= s* (1 - 1e-7)
 * </pre>
 *
 * <p>Gavel's code bisects on M instead (a feasibility LP per step, down to 5%); the substitution
 * s = 1/M makes it one LP whose optimum is exact. Stage 2 is there for the same reason as in
 * {@link MaxMinFairness}: the makespan is usually set by one job, and every other job's progress
 * rate (the fraction of its remaining work done per second) should use what that job leaves; as
 * there, it is stage 1's model with s bounded below and the objective replaced, so GLOP starts it
 * from stage 1's optimum. In the LP s is scaled by S = max_j R_j / Tmax_j (no job can finish
 * sooner), so it lies in (0, 1].
 *
 * <p>Gavel's {@code min_total_duration} is the heterogeneity-agnostic variant: every type at the
 * job's fastest throughput ({@link #heterogeneityAgnostic}, Gavel's "every GPU a V100");
 * {@code min_total_duration_perf} is this objective as it is. Jobs that can run nowhere get nothing
 * and do not make the makespan infinite.
 */
public final class MinTotalDuration implements AllocationObjective {

    public static final String NAME = "min_total_duration";

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
        double shortest = 0;
        for (int j = 0; j < n; j++) {
            if (problem.canRunAnywhere(j)) {
                shortest = Math.max(shortest, problem.remainingSteps(j) / problem.bestThroughput(j));
            }
        }
        if (problem.isEmpty() || shortest == 0) {
            return TimeFractions.zeros(n, problem.typeCount());
        }
        try (AllocationLp lp = new AllocationLp(NAME, problem)) {
            AllocationLp.Variable s = lp.variable("S / makespan");
            for (int j = 0; j < n; j++) {
                if (problem.canRunAnywhere(j)) {
                    double best = problem.bestThroughput(j);
                    lp.row("progress of job " + j).plusThroughputOf(j, 1 / best)
                            .plus(s, -problem.remainingSteps(j) / (shortest * best)).atLeast(0);
                }
            }
            lp.objective().plus(s, 1);
            lp.maximise("the makespan LP");

            s.atLeast(lp.value(s) * (1 - MaxMinFairness.FLOOR_SLACK));
            AllocationLp.Row leftover = lp.clearObjective();
            for (int j = 0; j < n; j++) {
                if (problem.canRunAnywhere(j)) {
                    leftover.plusThroughputOf(j, shortest / problem.remainingSteps(j));
                }
            }
            lp.maximise("the leftover-capacity LP");
            return lp.fractions();
        }
    }

    /**
     * The makespan of fractions for problem, in seconds: max_j R_j / thr_j(X, Y) over jobs that can
     * run, thr_j counting the time it shares GPUs at its co-located throughput.
     */
    public static double makespan(AllocationProblem problem, TimeFractions fractions) {
        double makespan = 0;
        for (int j = 0; j < problem.jobCount(); j++) {
            if (problem.canRunAnywhere(j)) {
                double throughput = 0;
                for (int k = 0; k < problem.typeCount(); k++) {
                    throughput += problem.usableThroughput(j, k) * fractions.of(j, k);
                }
                for (int p = 0; p < problem.pairCount(); p++) {
                    SharingPair pair = problem.pair(p);
                    for (int k = 0; pair.has(j) && k < problem.typeCount(); k++) {
                        throughput += pair.throughputOf(j, k) * fractions.ofPair(p, k);
                    }
                }
                makespan = Math.max(makespan, problem.remainingSteps(j) / throughput);
            }
        }
        return makespan;
    }
}
