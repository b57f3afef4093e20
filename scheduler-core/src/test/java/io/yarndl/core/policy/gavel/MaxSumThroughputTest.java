package io.yarndl.core.policy.gavel;

import static io.yarndl.core.policy.gavel.Allocations.assertFits;
import static io.yarndl.core.policy.gavel.Allocations.assertFractions;
import static io.yarndl.core.policy.gavel.Allocations.oneK80AndOneV100;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MaxSumThroughputTest {

    private final MaxSumThroughput maxSum = new MaxSumThroughput();

    @Test
    void maxSumThroughputPutsTheJobThatGainsMostOnTheFastType() {
        // T = [1, 2] and [1, 4]: job 0 on the K80 and job 1 on the V100 make 1 + 4 = 5 steps/s, the
        // other way round 2 + 1 = 3, any mix in between.
        TimeFractions x = maxSum.solve(oneK80AndOneV100(new double[] {1, 2}, new double[] {1, 4}));

        assertFractions(new double[][] {{1, 0}, {0, 1}}, x);
    }

    @Test
    void maxSumThroughputStarvesTheJobThatAddsLeast() {
        // A third job at 0.5 steps/s anywhere: the V100 is worth 4 to job 1, the K80 1 to job 0 and
        // only 0.5 to job 2, so job 2 gets nothing (this policy is not fair).
        TimeFractions x = maxSum.solve(oneK80AndOneV100(new double[] {1, 2}, new double[] {1, 4},
                new double[] {0.5, 0.5}));

        assertFractions(new double[][] {{1, 0}, {0, 1}, {0, 0}}, x);
    }

    @Test
    void maxSumThroughputGivesNothingToAJobWhoseScaleFactorFitsNoType() {
        AllocationProblem problem = AllocationProblem.of(new double[][] {{9, 9}, {1, 2}}, new int[] {4, 1},
                new int[] {2, 2});

        TimeFractions x = maxSum.solve(problem);

        assertFits(problem, x);
        assertEquals(0, x.ofJob(0));
        assertEquals(1, x.of(1, 1), 1e-6);
    }

    @Test
    void maxSumThroughputOfAnEmptyProblemIsEmpty() {
        assertEquals(TimeFractions.empty(), maxSum.solve(AllocationProblem.of(new double[0][], new int[0],
                new int[] {4})));
        assertFractions(new double[][] {{0, 0}}, maxSum.solve(AllocationProblem.of(new double[][] {{1, 2}},
                new int[] {1}, new int[] {0, 0})));
    }
}
