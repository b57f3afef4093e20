package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ThroughputParamsTest {

    /** alphaCompute 0.1, betaCompute 0.01, across nodes 0.2 + 0.02/replica, within a node 0.05 + 0.01/replica, gamma 2. */
    private static final ThroughputParams PARAMS = new ThroughputParams(0.1, 0.01, 0.2, 0.02, 0.05, 0.01, 2.0);

    @Test
    void oneReplicaNeverSynchronises() {
        // T_grad(32) = 0.1 + 0.01 * 32 = 0.42, and no synchronisation term at all.
        assertEquals(0.42, PARAMS.iterationSeconds(1, 1, new LocalBatch(32, 0)), 1e-12);
    }

    @Test
    void replicasOnOneNodeSynchroniseOverTheLocalLink() {
        // T_sync = 0.05 + 0.01 * (4 - 2) = 0.07; (0.42^2 + 0.07^2)^(1/2) = 0.4257934
        assertEquals(0.42579337712, PARAMS.iterationSeconds(1, 4, new LocalBatch(32, 0)), 1e-9);
    }

    @Test
    void accumulationAddsMicroStepsWithoutSynchronisation() {
        // across nodes: T_sync = 0.2 + 0.02 * 2 = 0.24; 0.42 + (0.42^2 + 0.24^2)^(1/2) = 0.9037355
        LocalBatch split = new LocalBatch(32, 1);
        assertEquals(0.90373546490, PARAMS.iterationSeconds(2, 4, split), 1e-9);
        // 256 samples a step: 4 replicas x 32 x 2 micro-steps
        assertEquals(283.26873288, PARAMS.samplesPerSecond(2, 4, 256, split), 1e-6);
    }

    @Test
    void gammaOfOneAddsComputeAndSynchronisation() {
        ThroughputParams noOverlap = new ThroughputParams(0.1, 0.01, 0.2, 0.02, 0.05, 0.01, 1.0);
        assertEquals(0.42 + 0.24, noOverlap.iterationSeconds(3, 4, new LocalBatch(32, 0)), 1e-12);
    }

    @Test
    void refusesGammaOutsidePollusBounds() {
        assertThrows(IllegalArgumentException.class, () -> new ThroughputParams(0.1, 0.01, 0, 0, 0, 0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new ThroughputParams(0.1, 0.01, 0, 0, 0, 0, 11));
        assertThrows(IllegalArgumentException.class, () -> new ThroughputParams(-0.1, 0.01, 0, 0, 0, 0, 1));
    }
}
