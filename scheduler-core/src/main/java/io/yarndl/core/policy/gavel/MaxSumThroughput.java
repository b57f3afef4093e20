package io.yarndl.core.policy.gavel;

/**
 * Gavel's throughput maximisation, {@code max_sum_throughput_perf} (Narayanan et al., OSDI'20,
 * section 4.3, "minimize cost" with every instance cost 1): the allocation that does the most steps
 * per second in total, with {@code thr_j(X) = sum_k T[j][k] X[j][k]}:
 *
 * <pre>
 *   maximise  sum_j thr_j(X)      subject to the shared constraints ({@link AllocationObjective})
 * </pre>
 *
 * <p>As in Gavel's code the throughputs are not normalised per job (its code computes a per-job
 * {@code 1 / sum_k T[j][k]} scale and never applies it), so a job whose steps are cheap counts for
 * more, and jobs that gain little from any GPU can starve: this policy is for throughput, not
 * fairness. Ties (several X with the same total) go to whichever vertex the simplex reaches first.
 */
public final class MaxSumThroughput implements AllocationObjective {

    public static final String NAME = "max_sum_throughput";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public TimeFractions solve(AllocationProblem problem) {
        if (problem.isEmpty()) {
            return TimeFractions.zeros(problem.jobCount(), problem.typeCount());
        }
        AllocationLp lp = new AllocationLp(NAME, problem);
        for (int j = 0; j < problem.jobCount(); j++) {
            lp.objective().plusThroughputOf(j, 1);
        }
        lp.maximise("the total-throughput LP");
        return lp.fractions();
    }
}
