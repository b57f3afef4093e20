package io.yarndl.core.policy.gavel;

import static io.yarndl.core.policy.gavel.Allocations.TOLERANCE;
import static io.yarndl.core.policy.gavel.Allocations.assertFits;
import static io.yarndl.core.policy.gavel.Allocations.assertFractions;
import static io.yarndl.core.policy.gavel.Allocations.throughput;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FinishTimeFairnessTest {

    private final FinishTimeFairness finishTime = new FinishTimeFairness();

    @Test
    void finishTimeFairnessOfJustArrivedJobsIsMaxMinFairness() {
        // t_j = 0: rho_j = T_iso[j] / thr_j(X), and with three jobs on two GPUs T_iso = T_eq (no
        // cap), so min max rho is 1 / (max min thr / T_eq) = 23/27, with max-min's allocation.
        AllocationProblem problem = Allocations.threeJobsGainingOneTwoAndThreeTimes();

        TimeFractions x = finishTime.solve(problem);

        assertFractions(new double[][] {{18.0 / 23, 0}, {0, 12.0 / 23}, {5.0 / 23, 11.0 / 23}}, x);
        assertEquals(23.0 / 27, maxRho(problem, x), TOLERANCE);
    }

    @Test
    void finishTimeFairnessGivesMoreToAJobThatArrivedEarlier() {
        // As above, but job 0 arrived 1.5 s ago (R = 1 step each, T_iso = [2/3, 4/3, 1]):
        // d = [3, 0.75, 1]. Same structure (job 0 K80 a, job 1 V100 f, job 2 the rest), all rho = r:
        // (1.5 + 1/a) / 3 = r, (4/3) / (3 f) = r, 1 / (3 - a - 2 f) = r, so a = 1 / (3r - 1.5),
        // f = 4 / (9r) and 54 r^2 - 67 r + 17 = 0, r = (67 + sqrt(817)) / 108 = 0.88503 (the other
        // root gives a < 0). Job 0's K80 time rises from 18/23 = 0.783 to a = 0.866.
        AllocationProblem problem = Allocations.threeJobsGainingOneTwoAndThreeTimes()
                .withProgress(new double[] {1, 1, 1}, new double[] {1.5, 0, 0});
        double r = (67 + Math.sqrt(817)) / 108;
        double a = 1 / (3 * r - 1.5);
        double f = 4 / (9 * r);

        TimeFractions x = finishTime.solve(problem);

        assertFractions(new double[][] {{a, 0}, {0, f}, {1 - a, 1 - f}}, x);
        assertEquals(r, maxRho(problem, x), TOLERANCE);
    }

    @Test
    void finishTimeFairnessNeverLeavesAJobBehindItsIsolatedShare() {
        AllocationProblem problem = Allocations.random(40, 11);

        TimeFractions x = finishTime.solve(problem);

        assertFits(problem, x);
        assertTrue(maxRho(problem, x) <= 1 + TOLERANCE, "max rho " + maxRho(problem, x));
    }

    @Test
    void finishTimeFairnessGivesNothingToAJobWhoseScaleFactorFitsNoType() {
        AllocationProblem problem = AllocationProblem.of(new double[][] {{1, 2}, {1, 2}}, new int[] {1, 8},
                new int[] {2, 2});

        TimeFractions x = finishTime.solve(problem);

        assertEquals(0, x.ofJob(1));
        assertEquals(1, x.of(0, 1), TOLERANCE, "job 0 alone takes a V100 all the time");
    }

    @Test
    void finishTimeFairnessOfAnEmptyProblemIsEmpty() {
        assertEquals(TimeFractions.empty(), finishTime.solve(AllocationProblem.of(new double[0][], new int[0],
                new int[] {4})));
        assertFractions(new double[][] {{0, 0}}, finishTime.solve(AllocationProblem.of(new double[][] {{1, 2}},
                new int[] {1}, new int[] {0, 0})));
    }

    private static double maxRho(AllocationProblem problem, TimeFractions x) {
        double[] isolated = EqualShare.isolatedThroughputs(problem);
        double max = 0;
        for (int j = 0; j < problem.jobCount(); j++) {
            double t = problem.secondsSinceArrival(j);
            double remaining = problem.remainingSteps(j);
            double rho = (t + remaining / throughput(problem, x, j)) / (t + remaining / isolated[j]);
            max = Math.max(max, rho);
        }
        return max;
    }
}
