package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LocalBatchTest {

    @Test
    void withoutALocalLimitEachReplicaTakesItsShareAtOnce() {
        assertEquals(new LocalBatch(334, 0), LocalBatch.split(1000, 3, 0));
    }

    @Test
    void aShareLargerThanAGpuHoldsIsAccumulated() {
        // local = ceil(1000 / 3) = 334; ceil(334 / 128) - 1 = 2 extra micro-steps; ceil(334 / 3) = 112 a micro-step
        LocalBatch split = LocalBatch.split(1000, 3, 128);
        assertEquals(new LocalBatch(112, 2), split);
        assertEquals(336, split.perReplica());
    }

    @Test
    void aShareThatFitsIsNotAccumulated() {
        assertEquals(new LocalBatch(64, 0), LocalBatch.split(256, 4, 64));
    }
}
