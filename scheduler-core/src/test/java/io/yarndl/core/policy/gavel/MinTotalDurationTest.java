package io.yarndl.core.policy.gavel;

import static io.yarndl.core.policy.gavel.Allocations.TOLERANCE;
import static io.yarndl.core.policy.gavel.Allocations.assertFits;
import static io.yarndl.core.policy.gavel.Allocations.assertFractions;
import static io.yarndl.core.policy.gavel.Allocations.oneK80AndOneV100;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MinTotalDurationTest {

    private final MinTotalDuration minTotal = new MinTotalDuration();

    @Test
    void minTotalDurationBalancesFinishTimesWithTheV100MostlyOnTheJobThatGainsMost() {
        // T = [1, 2] and [1, 4], R = [10, 30]. Job 1 gains more from the V100, so it gets V100 time
        // 1 - b and the K80 time b that job 0 gives up for V100 time b: thr0 = 1 + b,
        // thr1 = 4 - 3b. Finishing together: (1 + b) / 10 = (4 - 3b) / 30, b = 1/6, makespan 60/7.
        AllocationProblem problem = oneK80AndOneV100(new double[] {1, 2}, new double[] {1, 4})
                .withProgress(new double[] {10, 30}, new double[] {0, 0});

        TimeFractions x = minTotal.solve(problem);

        assertFractions(new double[][] {{5.0 / 6, 1.0 / 6}, {1.0 / 6, 5.0 / 6}}, x);
        assertEquals(60.0 / 7, MinTotalDuration.makespan(problem, x), 1e-5);
    }

    @Test
    void minTotalDurationIsNoLongerThanTheIsolatedShareOnARandomOversubscribedCluster() {
        AllocationProblem problem = Allocations.random(60, 3);

        TimeFractions x = minTotal.solve(problem);

        assertFits(problem, x);
        double[] isolated = EqualShare.isolatedThroughputs(problem);
        double isolatedMakespan = 0;
        for (int j = 0; j < problem.jobCount(); j++) {
            isolatedMakespan = Math.max(isolatedMakespan, problem.remainingSteps(j) / isolated[j]);
        }
        assertTrue(MinTotalDuration.makespan(problem, x) <= isolatedMakespan * (1 + TOLERANCE));
    }

    @Test
    void minTotalDurationGivesNothingToAJobWhoseScaleFactorFitsNoTypeAndStaysFinite() {
        AllocationProblem problem = AllocationProblem.of(new double[][] {{1, 2}, {1, 2}}, new int[] {1, 4},
                new int[] {2, 2}).withProgress(new double[] {10, 10}, new double[] {0, 0});

        TimeFractions x = minTotal.solve(problem);

        assertEquals(0, x.ofJob(1));
        assertEquals(5, MinTotalDuration.makespan(problem, x), TOLERANCE);
    }

    @Test
    void minTotalDurationOfAnEmptyProblemIsEmpty() {
        assertEquals(TimeFractions.empty(), minTotal.solve(AllocationProblem.of(new double[0][], new int[0],
                new int[] {4})));
        assertFractions(new double[][] {{0, 0}}, minTotal.solve(AllocationProblem.of(new double[][] {{1, 2}},
                new int[] {1}, new int[] {0, 0})));
    }
}
