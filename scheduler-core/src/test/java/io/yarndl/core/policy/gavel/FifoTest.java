package io.yarndl.core.policy.gavel;

import static io.yarndl.core.policy.gavel.Allocations.assertFractions;
import static io.yarndl.core.policy.gavel.Allocations.oneK80AndOneV100;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FifoTest {

    private final Fifo fifo = new Fifo();

    @Test
    void fifoPerfGivesEachJobInArrivalOrderItsFastestFreeType() {
        // Job 0 takes the V100 (2 > 1), job 1 the K80 that is left, job 2 finds no room.
        TimeFractions x = fifo.solve(oneK80AndOneV100(new double[] {1, 2}, new double[] {1, 4}, new double[] {1, 9}));

        assertFractions(new double[][] {{0, 1}, {1, 0}, {0, 0}}, x);
    }

    @Test
    void fifoAgnosticTakesTheFirstTypeWithRoomInTypeOrder() {
        AllocationProblem problem = oneK80AndOneV100(new double[] {1, 2}, new double[] {1, 4}, new double[] {1, 9});

        TimeFractions x = GavelObjectives.objective("gavel-fifo").solve(problem);

        assertFractions(new double[][] {{1, 0}, {0, 1}, {0, 0}}, x);
    }

    @Test
    void fifoStopsTheQueueAtTheFirstJobThatFindsNoRoom() {
        // Two GPUs of each type. Job 0 (1 GPU) takes type 1, job 1 (2) type 0, job 2 (2) finds one
        // GPU free and waits; job 3 (1) would fit but does not jump the queue.
        AllocationProblem problem = AllocationProblem.of(new double[][] {{1, 2}, {1, 1}, {1, 1}, {1, 1}},
                new int[] {1, 2, 2, 1}, new int[] {2, 2});

        TimeFractions x = fifo.solve(problem);

        assertFractions(new double[][] {{0, 1}, {1, 0}, {0, 0}, {0, 0}}, x);
    }

    @Test
    void fifoPassesOverAJobWhoseScaleFactorFitsNoType() {
        AllocationProblem problem = AllocationProblem.of(new double[][] {{1, 2}, {1, 2}}, new int[] {8, 1},
                new int[] {2, 2});

        TimeFractions x = fifo.solve(problem);

        assertFractions(new double[][] {{0, 0}, {0, 1}}, x);
    }

    @Test
    void fifoPlacesAJobOnlyWhereItCanRun() {
        // Job 1 runs only on the V100, which job 0 holds: it is passed over this round, and job 2
        // gets the K80 (Gavel skips a job whose only free types give it no throughput).
        TimeFractions x = fifo.solve(oneK80AndOneV100(new double[] {1, 2}, new double[] {0, 4}, new double[] {1, 1}));

        assertFractions(new double[][] {{0, 1}, {0, 0}, {1, 0}}, x);
    }

    @Test
    void fifoOfAnEmptyProblemIsEmpty() {
        assertEquals(TimeFractions.empty(), fifo.solve(AllocationProblem.of(new double[0][], new int[0], new int[] {4})));
        assertFractions(new double[][] {{0, 0}}, fifo.solve(AllocationProblem.of(new double[][] {{1, 2}},
                new int[] {1}, new int[] {0, 0})));
    }
}
