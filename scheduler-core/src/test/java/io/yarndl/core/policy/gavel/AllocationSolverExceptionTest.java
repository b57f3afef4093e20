package io.yarndl.core.policy.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.ojalgo.optimisation.Optimisation;

class AllocationSolverExceptionTest {

    @Test
    void solverFailureNamesTheObjectiveWhatFailedAndTheSolverState() {
        AllocationSolverException e = new AllocationSolverException(MaxMinFairness.NAME, "the max-min LP has no optimum",
                Optimisation.State.FAILED);

        assertEquals("max_min_fairness: the max-min LP has no optimum (solver state FAILED)", e.getMessage());
    }
}
