package io.yarndl.core.solver;

/**
 * The knapsack solver ({@link ChoiceKnapsack}) could not run (OR-Tools' native libraries did not
 * load). The policy reports it and keeps every job at the size its greedy start gave it.
 */
public final class KnapsackSolverException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public KnapsackSolverException(String message, Throwable cause) {
        super(message, cause);
    }
}
