package io.yarndl.core.policy.gavel;

import static io.yarndl.core.policy.gavel.Allocations.TOLERANCE;
import static io.yarndl.core.policy.gavel.Allocations.oneK80AndOneV100;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AllocationLpTest {

    /** One job at 1 step/s on a K80 and 2 on a V100: thr_0(X) is at most 2. */
    private final AllocationProblem oneJob = oneK80AndOneV100(new double[] {1, 2});

    @Test
    void infeasibleLpNamesTheObjectiveWhatFailedAndTheSolverStatus() {
        try (AllocationLp lp = new AllocationLp("test_objective", oneJob)) {
            lp.row("more than it can").plusThroughputOf(0, 1).atLeast(3);

            AllocationSolverException e = assertThrows(AllocationSolverException.class,
                    () -> lp.maximise("the test LP"));

            assertEquals("test_objective: the test LP is infeasible (solver state INFEASIBLE)", e.getMessage());
        }
    }

    @Test
    void unboundedLpThrowsRatherThanAnswers() {
        try (AllocationLp lp = new AllocationLp("test_objective", oneJob)) {
            lp.objective().plus(lp.variable("free"), 1);

            AllocationSolverException e = assertThrows(AllocationSolverException.class,
                    () -> lp.maximise("the test LP"));

            // GLOP's presolve reports "infeasible or unbounded", which MPSolver calls INFEASIBLE.
            assertTrue(e.getMessage().startsWith("test_objective: the test LP "), e.getMessage());
            assertTrue(e.getMessage().contains("(solver state INFEASIBLE)"), e.getMessage());
        }
    }

    @Test
    void sameModelSolvesAgainAfterItsBoundsChange() {
        try (AllocationLp lp = new AllocationLp("test_objective", oneJob)) {
            AllocationLp.Row needed = lp.row("needed").plusThroughputOf(0, 1).atLeast(3);
            lp.objective().plusThroughputOf(0, -1);

            assertFalse(lp.maximiseIfFeasible("at 3"));

            needed.atLeast(1.5);
            assertTrue(lp.maximiseIfFeasible("at 1.5"));
            assertEquals(1.5, Allocations.throughput(oneJob, lp.fractions(), 0), TOLERANCE, "the least that meets 1.5");
        }
    }

    @Test
    void nextStageOnTheSameModelMaximisesTheNewObjectiveWithinTheNewBound() {
        try (AllocationLp lp = new AllocationLp("test_objective", oneJob)) {
            AllocationLp.Variable t = lp.variable("t");
            lp.row("t at most thr_0").plusThroughputOf(0, 1).plus(t, -1).atLeast(0);
            lp.objective().plus(t, 1);
            lp.maximise("stage 1");
            assertEquals(2, lp.value(t), TOLERANCE);

            t.atLeast(1);
            lp.clearObjective().plus(t, -1);
            lp.maximise("stage 2");

            assertEquals(1, lp.value(t), TOLERANCE);
        }
    }
}
