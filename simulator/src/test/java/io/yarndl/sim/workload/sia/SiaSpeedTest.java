package io.yarndl.sim.workload.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SiaSpeedTest {

    /** One GPU holds at most 32 samples; one replica: 0.1 s + 0.01 s/sample, no sync; two: 0.05 s more sync. */
    private static final StepTimes TIMES = StepTimes.of(List.of(
            new SiaProfile.Measurement(1, 1, 8, 0.18, 0.0), new SiaProfile.Measurement(1, 1, 32, 0.42, 0.0),
            new SiaProfile.Measurement(1, 2, 8, 0.23, 0.05), new SiaProfile.Measurement(1, 2, 32, 0.47, 0.05)));

    private static SiaSpeed speed(int globalBatch) {
        return new SiaSpeed("toy", globalBatch, Map.of("T4", TIMES), Map.of("T4", 32.0));
    }

    @Test
    void takesOneMeasuredStepPerGlobalBatchWhenTheLocalBatchFits() {
        // 64 samples on 2 replicas: 32 each, 0.47 s a step.
        assertEquals(1 / 0.47, speed(64).stepsPerSecond(2, 0, 1, "T4"), 1e-12);
    }

    @Test
    void accumulatesGradientsWhenOneGpuCannotHoldItsShare() {
        // 64 samples on 1 replica: 2 micro-steps of 32; the first costs its compute only (0.42 - 0 sync).
        assertEquals(1 / (0.42 + 1 * 0.42), speed(64).stepsPerSecond(1, 0, 1, "T4"), 1e-12);
        // 96 on 2 replicas: 48 each, 2 micro-steps of 24: step 0.39, sync 0.05, compute 0.34.
        assertEquals(1 / (0.39 + 0.34), speed(96).stepsPerSecond(2, 0, 1, "T4"), 1e-12);
    }

    @Test
    void roundsTheLocalBatchUpAsSiaDoes() {
        // 33 samples on 2 replicas: 17 each (0.05 + 0.1 + 0.17 = 0.32 s).
        assertEquals(1 / 0.32, speed(33).stepsPerSecond(2, 0, 1, "T4"), 1e-12);
    }

    @Test
    void acceptsSiasClusterNameForTheType() {
        assertEquals(speed(64).stepsPerSecond(2, 0, 1, "T4"), speed(64).stepsPerSecond(2, 0, 1, "aws"));
    }

    @Test
    void noWorkersMakeNoProgress() {
        assertEquals(0.0, speed(64).stepsPerSecond(0, 0, 0, "T4"));
    }

    @Test
    void aGpuTypeSiaDidNotMeasureFailsListingThoseItDid() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> speed(64).stepsPerSecond(1, 0, 1, "K80"));

        assertTrue(e.getMessage().contains("Sia measured toy on T4 only, not on GPU type K80"), e.getMessage());
    }

    @Test
    void parameterServersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> speed(64).stepsPerSecond(2, 1, 1, "T4"));
    }
}
