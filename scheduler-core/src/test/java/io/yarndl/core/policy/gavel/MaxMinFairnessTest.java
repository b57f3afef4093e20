package io.yarndl.core.policy.gavel;

import static io.yarndl.core.policy.gavel.Allocations.TOLERANCE;
import static io.yarndl.core.policy.gavel.Allocations.assertFits;
import static io.yarndl.core.policy.gavel.Allocations.assertFractions;
import static io.yarndl.core.policy.gavel.Allocations.oneK80AndOneV100;
import static io.yarndl.core.policy.gavel.Allocations.throughput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MaxMinFairnessTest {

    private final MaxMinFairness maxMin = new MaxMinFairness();

    @Test
    void maxMinFairnessGivesTheFastTypeToTheJobThatGainsMostFromIt() {
        // Job 0 runs as fast on both types, job 1 three times faster on the V100. n = 2, one GPU
        // each: X_eq = 1/2 everywhere, T_eq = [1, 2]. Every X with both rows full gives job 0 a
        // normalised 1; job 1 gets (x10 + 3 x11) / 2, at most 1.5 with the whole V100. Stage 1 ties
        // at min 1; stage 2 (max sum) picks job 0 on the K80, job 1 on the V100: 1 + 1.5.
        TimeFractions x = maxMin.solve(oneK80AndOneV100(new double[] {1, 1}, new double[] {1, 3}));

        assertFractions(new double[][] {{1, 0}, {0, 1}}, x);
    }

    @Test
    void maxMinFairnessRaisesTheWorstOffJobAboveItsEqualShare() {
        // T_eq = [2/3, 4/3, 1] (n = 3). Per unit of time, normalised: K80 1.5, 0.75, 1; V100 1.5,
        // 2.25, 2. By comparative advantage job 0 takes K80 time a, job 1 V100 time f, job 2 the
        // rest of both. Equal values t: a = t/1.5, f = t/2.25, (1 - a) + 2 (1 - f) = t, so
        // t = 27/23 > 1, a = 18/23, f = 12/23, job 2: K80 5/23, V100 11/23. Every GPU is busy.
        AllocationProblem problem = Allocations.threeJobsGainingOneTwoAndThreeTimes();

        TimeFractions x = maxMin.solve(problem);

        assertFractions(new double[][] {{18.0 / 23, 0}, {0, 12.0 / 23}, {5.0 / 23, 11.0 / 23}}, x);
        double[] equalShare = EqualShare.throughputs(problem);
        for (int j = 0; j < 3; j++) {
            assertEquals(27.0 / 23, throughput(problem, x, j) / equalShare[j], TOLERANCE, "job " + j);
        }
    }

    @Test
    void maxMinFairnessGivesAJobOfTwiceTheWeightTwiceTheThroughput() {
        // Three jobs as fast on both types, two GPUs, weights 1, 1, 2: thr_j / w_j equal and
        // sum 2, so thr = [0.5, 0.5, 1].
        AllocationProblem problem = oneK80AndOneV100(new double[] {1, 1}, new double[] {1, 1}, new double[] {1, 1})
                .withPriorityWeights(new double[] {1, 1, 2});

        TimeFractions x = maxMin.solve(problem);

        assertEquals(0.5, x.ofJob(0), TOLERANCE);
        assertEquals(0.5, x.ofJob(1), TOLERANCE);
        assertEquals(1.0, x.ofJob(2), TOLERANCE);
    }

    @Test
    void maxMinFairnessGivesNothingToAJobWhoseScaleFactorFitsNoTypeAndStillServesTheOthers() {
        AllocationProblem problem = AllocationProblem.of(new double[][] {{1, 2}, {1, 2}}, new int[] {4, 1},
                new int[] {2, 2});

        TimeFractions x = maxMin.solve(problem);

        assertEquals(0, x.ofJob(0));
        assertEquals(1, x.of(1, 1), TOLERANCE, "job 1 alone takes a V100 all the time");
    }

    @Test
    void maxMinFairnessReachesAtLeastTheIsolatedShareOnARandomOversubscribedCluster() {
        AllocationProblem problem = Allocations.random(60, 7);

        TimeFractions x = maxMin.solve(problem);

        assertFits(problem, x);
        double[] equalShare = EqualShare.throughputs(problem);
        double[] isolated = EqualShare.isolatedThroughputs(problem);
        double isolatedMin = Double.MAX_VALUE;
        double min = Double.MAX_VALUE;
        for (int j = 0; j < problem.jobCount(); j++) {
            isolatedMin = Math.min(isolatedMin, isolated[j] / equalShare[j]);
            min = Math.min(min, throughput(problem, x, j) / equalShare[j]);
        }
        assertTrue(min >= isolatedMin - TOLERANCE, min + " < " + isolatedMin);
    }

    @Test
    void maxMinFairnessOfAnEmptyProblemIsEmpty() {
        assertEquals(TimeFractions.empty(), maxMin.solve(AllocationProblem.of(new double[0][], new int[0], new int[] {4})));
        assertFractions(new double[][] {{0, 0}}, maxMin.solve(AllocationProblem.of(new double[][] {{1, 2}},
                new int[] {1}, new int[] {0, 0})));
    }
}
