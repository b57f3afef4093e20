package io.yarndl.core.policy.gavel;

/**
 * The LP solver gave no usable answer for an {@link AllocationObjective} (infeasible, unbounded,
 * failed or out of iterations). The message names the objective and the solver's state; the
 * caller keeps its previous round's allocation.
 */
public final class AllocationSolverException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AllocationSolverException(String objective, String what, Object solverState) {
        super(objective + ": " + what + " (solver state " + solverState + ")");
    }
}
