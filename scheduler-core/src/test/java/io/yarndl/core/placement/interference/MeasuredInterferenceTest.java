package io.yarndl.core.placement.interference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class MeasuredInterferenceTest {

    private static final List<String> SIA_APPS =
            List.of("cifar10", "imagenet", "bert", "deepspeech2", "yolov3", "ncf");

    private final MeasuredInterference measured = MeasuredInterference.shipped();

    @Test
    void everySiaApplicationHasAMeasuredPairWithEveryOtherOnV100() {
        for (String self : SIA_APPS) {
            for (String other : SIA_APPS) {
                OptionalDouble keeps = measured.keeps(self, other, "V100");
                assertTrue(keeps.isPresent(), self + " beside " + other);
                assertTrue(keeps.getAsDouble() > 0 && keeps.getAsDouble() < 2, self + " beside " + other);
            }
        }
    }

    @Test
    void aGavelJobTypeStandsForItselfAndReadsGavelsOwnRatio() {
        ThroughputProfile gavel = ThroughputProfile.gavel();
        String self = "ResNet-18 (batch size 128)";
        String other = "Recommendation (batch size 2048)";
        double expected = gavel.colocatedStepsPerSecond(self, other, 1, "P100").getAsDouble()
                / gavel.stepsPerSecond(self, 1, "P100").getAsDouble();
        assertEquals(expected, measured.keeps(self, other, "p100").getAsDouble(), 1e-12);
        assertEquals(expected, measured.keeps("CIFAR10", "ncf", "P100").getAsDouble(), 1e-12, "aliases, any case");
    }

    @Test
    void aGpuTypeGavelDidNotMeasureReadsV100sFigures() {
        assertEquals(measured.keeps("imagenet", "bert", "V100"), measured.keeps("imagenet", "bert", "RTX"));
        assertEquals("V100", ModelFamilyAliases.measuredGpuType("A100"));
        assertEquals("K80", ModelFamilyAliases.measuredGpuType("k80"));
    }

    @Test
    void aFamilyWithNoStandInHasNoMeasuredInterference() {
        assertTrue(measured.keeps("my-own-model", "cifar10", "V100").isEmpty());
        assertTrue(measured.keeps("cifar10", null, "V100").isEmpty());
        assertEquals(Optional.empty(), measured.aliases().gavelJobType("vgg-16"));
    }
}
