package io.yarndl.core.policy.gavel;

/**
 * One of Gavel's scheduling policies written as an optimisation over the allocation matrix X
 * (Narayanan et al., OSDI'20, section 4): given a round's {@link AllocationProblem}, the time
 * fractions that optimise it. Every implementation is stateless and thread-safe.
 *
 * <p>The constraints all of them share (section 3.1): X &ge; 0; for each job
 * {@code sum_k X[j][k] <= 1}; for each type {@code sum_j X[j][k] * scaleFactor[j] <= gpus[k]};
 * {@code X[j][k] = 0} where the job cannot run on the type ({@link AllocationProblem#canRun}).
 *
 * <p>Contract: an empty problem (no jobs, or no GPUs) gives {@link TimeFractions#empty()} or all
 * zeros and never throws; a problem the solver cannot solve throws
 * {@link AllocationSolverException}, which names the objective and the solver's state, and the
 * caller keeps its previous round's allocation.
 */
public interface AllocationObjective {

    /** The objective's name, Gavel's where it has one (e.g. {@code max_min_fairness}). */
    String name();

    /** The time fractions that optimise this objective for problem. */
    TimeFractions solve(AllocationProblem problem);

    /**
     * The problem as Gavel's heterogeneity-agnostic variant of this objective sees it: by default
     * {@link AllocationProblem#withEqualThroughputs()}, as Gavel's max-min fairness does.
     */
    default AllocationProblem heterogeneityAgnostic(AllocationProblem problem) {
        return problem.withEqualThroughputs();
    }
}
