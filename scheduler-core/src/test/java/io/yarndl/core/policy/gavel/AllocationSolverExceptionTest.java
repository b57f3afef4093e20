package io.yarndl.core.policy.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.ortools.linearsolver.MPSolver;
import org.junit.jupiter.api.Test;

class AllocationSolverExceptionTest {

    @Test
    void solverFailureNamesTheObjectiveWhatFailedAndTheSolverState() {
        AllocationSolverException e = new AllocationSolverException(MaxMinFairness.NAME, "the max-min LP has no optimum",
                MPSolver.ResultStatus.ABNORMAL);

        assertEquals("max_min_fairness: the max-min LP has no optimum (solver state ABNORMAL)", e.getMessage());
    }
}
