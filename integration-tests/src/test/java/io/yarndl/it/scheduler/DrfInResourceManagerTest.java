package io.yarndl.it.scheduler;

import io.yarndl.yarn.round.PlanBook;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves {@code drf} (scheduler-core's DrfPolicy) in a real RM: jobs keep their requested sizes
 * (DRF orders them by dominant share, it does not resize them), so the second waits whole while 6
 * of the 8 GPUs are taken and starts at its requested 4 once they are free.
 */
class DrfInResourceManagerTest extends TwoJobsUnderPolicy {

    @Override
    String policy() {
        return "drf";
    }

    @Override
    void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId) {
        assertEquals(6, big.maxHeldWorkers(), big.format());
        assertEquals(4, small.maxHeldWorkers(), small.format());
        assertTrue(history.stream().noneMatch(c -> c.jobId().equals(smallId) && c.workers() > 0
                        && c.workers() < 4), "drf resized small: " + history);
        assertTrue(firstStart(small) > finish(big) - 1_000, "small ran beside big at a smaller size");
    }
}
