package io.yarndl.core.policy.smd;

/**
 * SMD's knapsack solver could not run (OR-Tools' native libraries did not load). The policy
 * reports it and keeps every job at the size the greedy start gave it.
 */
public final class KnapsackSolverException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public KnapsackSolverException(String message, Throwable cause) {
        super(message, cause);
    }
}
