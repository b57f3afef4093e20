package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.BatchLimits;
import org.junit.jupiter.api.Test;

class GoodputModelTest {

    /** A micro-step of m samples takes 0.1 + 0.001 m seconds; synchronisation is free. */
    private static final ThroughputParams COMPUTE_ONLY = new ThroughputParams(0.1, 0.001, 1e-8, 1e-8, 1e-8, 1e-8, 1.0);

    @Test
    void choosesTheGridBatchOfHighestGoodput() {
        // goodput(M) = M / (0.1 + 0.001 M) * (1000 + 100) / (1000 + M), highest at M = sqrt(100 * 1000) = 316;
        // the grid 100 * 16^(i/23) has 296 and 334 around it, and 334 is the higher:
        // 334 / 0.434 = 769.585 samples/s, E = 1100 / 1334 = 0.824588, goodput 634.5905
        GoodputModel model = new GoodputModel(COMPUTE_ONLY, new StatisticalEfficiency(1000, 100),
                new BatchLimits(100, 1600, 0));
        BatchChoice best = model.best(1, 1);
        assertEquals(334, best.globalBatch());
        assertEquals(769.58525346, best.throughput(), 1e-6);
        assertEquals(0.82458770615, best.efficiency(), 1e-9);
        assertEquals(634.59053883, best.goodput(), 1e-6);
    }

    @Test
    void aFixedBatchJobsGoodputIsItsThroughput() {
        GoodputModel model = new GoodputModel(COMPUTE_ONLY, new StatisticalEfficiency(1000, 100), BatchLimits.fixed(100));
        // 100 / (0.1 + 0.1) = 500 samples/s at E(100) = 1
        assertEquals(500, model.goodput(1, 1), 1e-9);
        assertEquals(100, model.best(1, 1).globalBatch());
    }

    @Test
    void anUnknownNoiseScaleKeepsTheReferenceBatch() {
        GoodputModel model = new GoodputModel(COMPUTE_ONLY, StatisticalEfficiency.unknown(100),
                new BatchLimits(50, 1600, 0));
        assertEquals(100, model.best(1, 2).globalBatch());
    }

    @Test
    void aNoisierGradientAffordsALargerBatch() {
        BatchLimits limits = new BatchLimits(100, 6400, 0);
        int quiet = new GoodputModel(COMPUTE_ONLY, new StatisticalEfficiency(100, 100), limits).best(1, 4).globalBatch();
        int noisy = new GoodputModel(COMPUTE_ONLY, new StatisticalEfficiency(10_000, 100), limits).best(1, 4).globalBatch();
        assertTrue(noisy > quiet, noisy + " should exceed " + quiet);
    }

    @Test
    void moreReplicasThanTheLargestBatchHasSamplesCannotTrain() {
        GoodputModel model = new GoodputModel(COMPUTE_ONLY, new StatisticalEfficiency(1000, 4), new BatchLimits(2, 8, 0));
        assertFalse(model.best(2, 16).trains());
        assertTrue(model.best(2, 8).trains());
    }

    @Test
    void scalingThroughputScalesGoodput() {
        GoodputModel model = new GoodputModel(COMPUTE_ONLY, new StatisticalEfficiency(1000, 100), BatchLimits.fixed(100));
        assertEquals(3 * model.goodput(1, 1), model.scaled(3).goodput(1, 1), 1e-9);
    }
}
