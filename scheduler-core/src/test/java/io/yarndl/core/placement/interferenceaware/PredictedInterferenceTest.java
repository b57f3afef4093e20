package io.yarndl.core.placement.interferenceaware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.JobSpec;
import io.yarndl.core.placement.interference.MeasuredPair;
import io.yarndl.core.throughput.ThroughputProfile;
import org.junit.jupiter.api.Test;

class PredictedInterferenceTest {

    private final PredictedInterference predictions = PredictedInterference.shipped();

    @Test
    void aFamilyWithNoStandInReadsTheMeanMeasuredSlowdownOnTheGpuType() {
        double meanOnK80 = MeasuredPair.from(ThroughputProfile.gavel()).stream()
                .filter(pair -> pair.gpuType().equals("K80")).mapToDouble(MeasuredPair::slowdown).average()
                .orElseThrow();

        assertEquals(meanOnK80, predictions.keeps("my-own-model", "bert", "K80"), 1e-12);
        assertEquals(meanOnK80, predictions.keeps("bert", JobSpec.UNKNOWN_FAMILY, "k80"), 1e-12);
        assertFalse(predictions.knows("my-own-model"));
        assertTrue(predictions.knows("cifar10"));
    }

    @Test
    void aGpuTypeGavelDidNotMeasureReadsV100sPrediction() {
        assertEquals(predictions.keeps("bert", "imagenet", "V100"), predictions.keeps("bert", "imagenet", "A100"));
    }

    @Test
    void predictsEveryPairOfKnownFamiliesInsideZeroToOne() {
        for (String self : new String[] {"cifar10", "imagenet", "bert", "deepspeech2", "yolov3", "ncf", "gpt_pmp"}) {
            for (String other : new String[] {"cifar10", "imagenet", "bert", "ResNet-18 (batch size 32)"}) {
                double keeps = predictions.keeps(self, other, "P100");
                assertTrue(keeps >= 0 && keeps <= 1, self + " beside " + other + ": " + keeps);
            }
        }
    }
}
