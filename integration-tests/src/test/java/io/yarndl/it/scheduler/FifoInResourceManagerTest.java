package io.yarndl.it.scheduler;

import io.yarndl.yarn.round.PlanBook;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves {@code fifo} (scheduler-core's FifoPolicy) in a real RM: each job runs at its requested
 * size in arrival order, and the second waits whole until the first frees enough GPUs (6 + 4 > 8).
 */
class FifoInResourceManagerTest extends TwoJobsUnderPolicy {

    @Override
    String policy() {
        return "fifo";
    }

    @Override
    void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId) {
        assertEquals(6, big.maxHeldWorkers(), big.format());
        assertEquals(4, small.maxHeldWorkers(), small.format());
        assertTrue(firstStart(small) > finish(big), "small started before big finished:\n" + small.format());
    }
}
