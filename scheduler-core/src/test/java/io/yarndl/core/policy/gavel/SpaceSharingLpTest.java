package io.yarndl.core.policy.gavel;

import static io.yarndl.core.policy.gavel.Allocations.TOLERANCE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The LPs with pairs of jobs that may share GPUs (Gavel's space sharing), on cases solved by hand. */
class SpaceSharingLpTest {

    /** Two jobs of 1 step/s alone on one GPU of one type; sharing, job 0 runs at a, job 1 at b. */
    private static AllocationProblem twoJobsOneGpu(double a, double b) {
        return AllocationProblem.of(new double[][] {{1}, {1}}, new int[] {1, 1}, new int[] {1})
                .withPairs(List.of(new SharingPair(0, 1, new double[] {a}, new double[] {b})));
    }

    @Test
    void maxMinFairnessGivesThePairTheTimeThatLiftsTheWorseOffJob() {
        // By hand: maximise t with x0 + 0.8y >= t, x1 + 0.6y >= t, x0 + x1 + y <= 1. All three bind at
        // the optimum (dual weights 1/2, 1, and 1 for the GPU), so y = 5/6, x1 = 1/6, x0 = 0 and
        // t = 2/3 step/s for both, where taking turns gives each 1/2.
        TimeFractions x = new MaxMinFairness().solve(twoJobsOneGpu(0.8, 0.6));
        assertEquals(5.0 / 6, x.ofPair(0, 0), TOLERANCE);
        assertEquals(1.0 / 6, x.of(1, 0), TOLERANCE);
        assertEquals(0, x.of(0, 0), TOLERANCE);
    }

    @Test
    void aPairSlowerThanTakingTurnsGetsNoTime() {
        // Sharing, each runs at 0.4 step/s; taking turns, each gets 0.5.
        TimeFractions x = new MaxMinFairness().solve(twoJobsOneGpu(0.4, 0.4));
        assertEquals(0, x.ofPair(0, 0), TOLERANCE);
        assertEquals(0.5, x.of(0, 0), TOLERANCE);
        assertEquals(0.5, x.of(1, 0), TOLERANCE);
    }

    @Test
    void minTotalDurationSharesWhenSharingFinishesBothSooner() {
        // One remaining step each. Taking turns ends at 2 s; sharing at 0.8 and 0.6 step/s ends at
        // 1/0.6 = 1.67 s; the LP's optimum mixes: y = 5/6 and x1 = 1/6 give both 2/3 step/s, 1.5 s.
        AllocationProblem problem = twoJobsOneGpu(0.8, 0.6);
        TimeFractions x = new MinTotalDuration().solve(problem);
        assertEquals(1.5, MinTotalDuration.makespan(problem, x), 1e-4);
    }

    @Test
    void thePairCountsOnceAgainstTheGpusAndOnceAgainstEachJobsTime() {
        // Sharing at full speed each: the pair takes the GPU all the time, and neither job has time left.
        TimeFractions x = new MaxSumThroughput().solve(twoJobsOneGpu(1, 1));
        assertEquals(1, x.ofPair(0, 0), TOLERANCE);
        assertEquals(0, x.of(0, 0) + x.of(1, 0), TOLERANCE);
    }

    @Test
    void theAgnosticViewSharesNothing() {
        assertEquals(0, twoJobsOneGpu(0.8, 0.6).withEqualThroughputs().pairCount());
    }

    @Test
    void onlyJobsOfEqualScaleFactorsMayShare() {
        AllocationProblem unequal = AllocationProblem.of(new double[][] {{1}, {1}}, new int[] {1, 2}, new int[] {2});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> unequal.withPairs(
                List.of(new SharingPair(0, 1, new double[] {1}, new double[] {1}))));
        assertTrue(e.getMessage().contains("scale factors 1 and 2"), e.getMessage());
    }

    @Test
    void aPairOfOneJobOrANegativeThroughputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SharingPair(1, 1, new double[] {1}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> new SharingPair(0, 1, new double[] {-1}, new double[] {1}));
    }
}
