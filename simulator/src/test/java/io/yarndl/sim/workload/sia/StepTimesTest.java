package io.yarndl.sim.workload.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class StepTimesTest {

    private static SiaProfile.Measurement m(int nodes, int replicas, double batch, double step, double sync) {
        return new SiaProfile.Measurement(nodes, replicas, batch, step, sync);
    }

    /** One node of 1 and 4 replicas, two nodes of 8, each at local batches 10 and 20. */
    private static final StepTimes TABLE = StepTimes.of(List.of(
            m(1, 1, 10, 1.0, 0.0), m(1, 1, 20, 2.0, 0.0),
            m(1, 4, 10, 1.2, 0.2), m(1, 4, 20, 2.2, 0.2),
            m(2, 8, 10, 1.6, 0.6), m(2, 8, 20, 2.8, 0.8)));

    @Test
    void reproducesEveryMeasuredPoint() {
        assertEquals(new StepTimes.Time(1.2, 0.2), TABLE.at(1, 4, 10));
        assertEquals(new StepTimes.Time(2.8, 0.8), TABLE.at(2, 8, 20));
    }

    @Test
    void interpolatesLinearlyInLocalBatchThenReplicasThenNodes() {
        assertEquals(1.5, TABLE.at(1, 1, 15).step(), 1e-12);
        // 2 replicas on one node: a third of the way from 1 to 4 replicas.
        assertEquals(1.0 + (1.2 - 1.0) / 3, TABLE.at(1, 2, 10).step(), 1e-12);
        // 8 replicas on one node are past the measured 4 there: held at 4's time.
        assertEquals(1.2, TABLE.at(1, 8, 10).step(), 1e-12);
    }

    @Test
    void interpolatesBetweenNodeCountsAndHoldsPastThem() {
        StepTimes table = StepTimes.of(List.of(m(1, 4, 10, 1.2, 0.2), m(3, 4, 10, 2.0, 1.0)));

        assertEquals(1.6, table.at(2, 4, 10).step(), 1e-12);
        assertEquals(0.6, table.at(2, 4, 10).sync(), 1e-12);
        assertEquals(new StepTimes.Time(2.0, 1.0), table.at(4, 4, 10));
        assertEquals(new StepTimes.Time(1.6, 0.6), TABLE.at(3, 8, 10));
    }

    @Test
    void holdsTheTimeBelowTheSmallestMeasuredBatch() {
        assertEquals(new StepTimes.Time(1.0, 0.0), TABLE.at(1, 1, 1));
    }

    @Test
    void extendsComputeAlongTheLastTwoBatchesAndHoldsSyncAboveTheLargest() {
        // compute 1.0 at 10 and 2.0 at 20 on 2 nodes x 8: slope 0.1 per sample; sync held at 0.8.
        StepTimes.Time t = TABLE.at(2, 8, 30);

        assertEquals(0.8, t.sync(), 1e-12);
        assertEquals(3.0 + 0.8, t.step(), 1e-12);
    }

    @Test
    void averagesRepeatedMeasurementsOfOneConfiguration() {
        StepTimes table = StepTimes.of(List.of(m(1, 2, 8, 1.0, 0.1), m(1, 2, 8, 3.0, 0.3)));

        assertEquals(2.0, table.at(1, 2, 8).step(), 1e-12);
        assertEquals(0.2, table.at(1, 2, 8).sync(), 1e-12);
    }

    @Test
    void knowsTheBatchAndReplicaRangeMeasured() {
        assertEquals(10, TABLE.minLocalBatch());
        assertEquals(20, TABLE.maxLocalBatch());
        assertEquals(8, TABLE.maxReplicas());
    }

    @Test
    void readsAMeasuredPlacementOnItsOwnNotTheMeanOfItsNodeAndReplicaCounts() {
        StepTimes times = StepTimes.of(List.of(new SiaProfile.Measurement(2, 4, 8, 0.5, 0.1, "13"),
                new SiaProfile.Measurement(2, 4, 8, 0.7, 0.3, "22")));
        assertEquals(0.6, times.at(2, 4, 8).step(), 1e-12);
        assertEquals(0.5, times.atPlacement("13", 8).orElseThrow().step(), 1e-12);
        assertEquals(0.3, times.atPlacement("22", 8).orElseThrow().sync(), 1e-12);
        assertTrue(times.atPlacement("1111", 8).isEmpty());
    }
}
