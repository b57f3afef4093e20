package io.yarndl.core.policy.gavel;

/**
 * What each job would get from an equal share of the cluster, the yardstick Gavel's fairness
 * objectives normalise by (Narayanan et al., OSDI'20, sections 4.1 and 4.2). With n jobs, G_k
 * GPUs of type k, scale factor s_j and usable throughputs T (0 where the job cannot run):
 *
 * <pre>
 *   equal share:  X_eq[j][k]  = G_k / (n * s_j)                 (1/n of every type's GPUs)
 *   isolated:     X_iso[j][k] = X_eq[j][k] / max(1, sum_k' X_eq[j][k'])   (capped at all the time)
 *   throughput:   T_eq[j] = sum_k T[j][k] * X_eq[j][k],  T_iso[j] = sum_k T[j][k] * X_iso[j][k]
 * </pre>
 *
 * <p>{@link #throughputs} is max-min fairness's normaliser. Gavel's code divides by its
 * "proportional" throughput {@code sum_k T[j][k] G_k / sum G} and multiplies by s_j; that is
 * {@code T_eq[j]} times the constant {@code sum G / n}, so the allocation is the same and 1.0 here
 * means "as fast as an equal share". {@link #isolatedThroughputs} is Gavel's isolated policy, the
 * finish-time-fairness baseline; X_iso fits the cluster, so it is always a feasible allocation.
 */
public final class EqualShare {

    private EqualShare() {
    }

    /** T_eq per job: the throughput of 1/n of every type's GPUs, used at the job's scale factor. */
    public static double[] throughputs(AllocationProblem problem) {
        double[] result = new double[problem.jobCount()];
        for (int j = 0; j < result.length; j++) {
            for (int k = 0; k < problem.typeCount(); k++) {
                result[j] += problem.usableThroughput(j, k) * share(problem, j, k);
            }
        }
        return result;
    }

    /** T_iso per job: the equal share with each job's time capped at 1 (Gavel's isolated policy). */
    public static double[] isolatedThroughputs(AllocationProblem problem) {
        double[] result = throughputs(problem);
        for (int j = 0; j < result.length; j++) {
            double time = 0;
            for (int k = 0; k < problem.typeCount(); k++) {
                time += share(problem, j, k);
            }
            result[j] /= Math.max(1, time);
        }
        return result;
    }

    private static double share(AllocationProblem problem, int job, int type) {
        return (double) problem.gpus(type) / (problem.jobCount() * (double) problem.scaleFactor(job));
    }
}
