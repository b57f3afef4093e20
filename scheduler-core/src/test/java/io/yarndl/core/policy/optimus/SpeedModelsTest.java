package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SpeedModelsTest {

    private static final int GLOBAL_BATCH = 256;
    private static final AsyncPsSpeedModel ASYNC = new AsyncPsSpeedModel(0.5, 0.2, 0.01, 0.02);
    private static final SyncPsSpeedModel SYNC = new SyncPsSpeedModel(0.004, 0.05, 0.03, 0.005, 0.01, GLOBAL_BATCH);
    private static final AllReduceSpeedModel ALL_REDUCE = new AllReduceSpeedModel(2.0, 0.3, 0.02);

    /**
     * Tolerance: with 2% multiplicative noise on 3 repeats of every w in 1..8, p in 1..4, predictions
     * within 3% of the truth over that grid and within 6% at unseen w in 9..12, p in 5..6.
     */
    @Test
    void asyncPsFitRecoversPredictionsFromNoisyObservations() {
        AsyncPsSpeedModel fitted = AsyncPsSpeedModel.fit(observe(ASYNC, 8, 4, 0.02, 11));
        assertPredictsLike(ASYNC, fitted, 8, 4, 0.03);
        assertExtrapolatesLike(ASYNC, fitted, 0.06);
    }

    @Test
    void asyncPsFitRecoversCoefficientsExactlyWithoutNoise() {
        AsyncPsSpeedModel fitted = AsyncPsSpeedModel.fit(observe(ASYNC, 8, 4, 0.0, 1));
        assertArrayEquals(ASYNC.coefficients(), fitted.coefficients(), 1e-9);
    }

    /** Tolerance: as for the asynchronous model, 3% on the observed grid and 6% beyond it. */
    @Test
    void syncPsFitRecoversPredictionsFromNoisyObservations() {
        SyncPsSpeedModel fitted = SyncPsSpeedModel.fit(observe(SYNC, 8, 4, 0.02, 12), GLOBAL_BATCH);
        assertEquals(GLOBAL_BATCH, fitted.globalBatch());
        assertPredictsLike(SYNC, fitted, 8, 4, 0.03);
        assertExtrapolatesLike(SYNC, fitted, 0.06);
    }

    @Test
    void syncPsFitRecoversCoefficientsExactlyWithoutNoise() {
        SyncPsSpeedModel fitted = SyncPsSpeedModel.fit(observe(SYNC, 8, 4, 0.0, 1), GLOBAL_BATCH);
        assertArrayEquals(SYNC.coefficients(), fitted.coefficients(), 1e-9);
    }

    /** Tolerance: 3% on w in 1..8 and 6% at unseen w in 9..12, from 2% noise. */
    @Test
    void allReduceFitRecoversPredictionsFromNoisyObservations() {
        AllReduceSpeedModel fitted = AllReduceSpeedModel.fit(observe(ALL_REDUCE, 8, 0, 0.02, 13));
        assertPredictsLike(ALL_REDUCE, fitted, 8, 0, 0.03);
        for (int w = 9; w <= 12; w++) {
            double truth = ALL_REDUCE.stepsPerSecond(w, 0);
            assertEquals(truth, fitted.stepsPerSecond(w, 0), 0.06 * truth, "w=" + w);
        }
    }

    @Test
    void allReduceFitRecoversCoefficientsExactlyWithoutNoise() {
        AllReduceSpeedModel fitted = AllReduceSpeedModel.fit(observe(ALL_REDUCE, 8, 0, 0.0, 1));
        assertArrayEquals(ALL_REDUCE.coefficients(), fitted.coefficients(), 1e-9);
    }

    @Test
    void allReduceSpeedRisesThenFallsWithWorkers() {
        // theta0 > theta1 + theta2 w^2 up to w = 9: more workers help until then and hurt after.
        assertTrue(ALL_REDUCE.stepsPerSecond(2, 0) > ALL_REDUCE.stepsPerSecond(1, 0));
        assertTrue(ALL_REDUCE.stepsPerSecond(9, 0) > ALL_REDUCE.stepsPerSecond(8, 0));
        assertTrue(ALL_REDUCE.stepsPerSecond(11, 0) < ALL_REDUCE.stepsPerSecond(10, 0));
        assertEquals(1 / 2.0, ALL_REDUCE.stepsPerSecond(1, 0), 1e-12); // no communication alone
    }

    @Test
    void fitsNeverReturnNegativeCoefficientsEvenWhenDataWantThem() {
        // Speed that grows faster than any of the forms allows pushes the linear fits towards negative terms.
        Random random = new Random(5);
        List<SpeedObservation> observations = new ArrayList<>();
        for (int w = 1; w <= 8; w++) {
            for (int p = 1; p <= 4; p++) {
                observations.add(new SpeedObservation(w, p, w * w * (1 + 0.1 * random.nextDouble()) + p));
            }
        }
        for (double[] c : List.of(AsyncPsSpeedModel.fit(observations).coefficients(),
                SyncPsSpeedModel.fit(observations, GLOBAL_BATCH).coefficients(),
                AllReduceSpeedModel.fit(observations).coefficients())) {
            for (double value : c) {
                assertTrue(value >= 0, java.util.Arrays.toString(c));
            }
        }
    }

    @Test
    void underDeterminedFitStillReproducesTheOneObservedConfiguration() {
        List<SpeedObservation> one = List.of(new SpeedObservation(4, 2, 3.0), new SpeedObservation(4, 2, 3.2));
        assertEquals(3.1, AsyncPsSpeedModel.fit(one).stepsPerSecond(4, 2), 0.1);
        assertEquals(3.1, SyncPsSpeedModel.fit(one, GLOBAL_BATCH).stepsPerSecond(4, 2), 0.1);
        assertEquals(3.1, AllReduceSpeedModel.fit(one).stepsPerSecond(4, 0), 0.1);
    }

    @Test
    void parameterServerFitsIgnoreObservationsWithoutServersAndRejectNone() {
        List<SpeedObservation> noPs = List.of(new SpeedObservation(2, 0, 1.0));
        assertThrows(IllegalArgumentException.class, () -> AsyncPsSpeedModel.fit(noPs));
        assertThrows(IllegalArgumentException.class, () -> SyncPsSpeedModel.fit(noPs, GLOBAL_BATCH));
        assertThrows(IllegalArgumentException.class, () -> AllReduceSpeedModel.fit(List.of()));
    }

    @Test
    void modelsPredictNothingWithoutWorkersOrServers() {
        assertEquals(0, ASYNC.stepsPerSecond(0, 1));
        assertEquals(0, ASYNC.stepsPerSecond(1, 0));
        assertEquals(0, SYNC.stepsPerSecond(1, 0));
        assertEquals(0, ALL_REDUCE.stepsPerSecond(0, 0));
    }

    @Test
    void rejectsNegativeCoefficientsAndBadObservations() {
        assertThrows(IllegalArgumentException.class, () -> new AsyncPsSpeedModel(-1, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SyncPsSpeedModel(0, 0, 0, 0, Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> new AllReduceSpeedModel(0, -0.1, 0));
        assertThrows(IllegalArgumentException.class, () -> new SpeedObservation(0, 1, 1.0));
        assertThrows(IllegalArgumentException.class, () -> new SpeedObservation(1, 1, Double.POSITIVE_INFINITY));
    }

    /** Three noisy repeats of every w in 1..maxWorkers, p in 1..maxPs (p = 0 only when maxPs is 0). */
    private static List<SpeedObservation> observe(SpeedModel truth, int maxWorkers, int maxPs, double noise,
                                                  long seed) {
        Random random = new Random(seed);
        List<SpeedObservation> observations = new ArrayList<>();
        for (int repeat = 0; repeat < 3; repeat++) {
            for (int w = 1; w <= maxWorkers; w++) {
                for (int p = Math.min(1, maxPs); p <= maxPs; p++) {
                    double speed = truth.stepsPerSecond(w, p) * (1 + noise * random.nextGaussian());
                    observations.add(new SpeedObservation(w, p, speed));
                }
            }
        }
        return observations;
    }

    private static void assertPredictsLike(SpeedModel truth, SpeedModel fitted, int maxWorkers, int maxPs,
                                           double tolerance) {
        for (int w = 1; w <= maxWorkers; w++) {
            for (int p = Math.min(1, maxPs); p <= maxPs; p++) {
                double expected = truth.stepsPerSecond(w, p);
                assertEquals(expected, fitted.stepsPerSecond(w, p), tolerance * expected, "w=" + w + " p=" + p);
            }
        }
        for (double c : fitted.coefficients()) {
            assertTrue(c >= 0);
        }
    }

    private static void assertExtrapolatesLike(SpeedModel truth, SpeedModel fitted, double tolerance) {
        for (int w = 9; w <= 12; w++) {
            for (int p = 5; p <= 6; p++) {
                double expected = truth.stepsPerSecond(w, p);
                assertEquals(expected, fitted.stepsPerSecond(w, p), tolerance * expected, "w=" + w + " p=" + p);
            }
        }
    }
}
