package io.yarndl.core.placement.interference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class InterferenceModelTest {

    private static final ThroughputProfile GAVEL = ThroughputProfile.gavel();

    /**
     * Measured: 0.0546 mean absolute error at seed 42 (median 0.0350), and from 0.0561 to 0.0630 at
     * seeds 1 to 9, where predicting the training mean errs by 0.14. The bound leaves room for
     * floating-point noise and small changes, and fails when the features or the fit lose accuracy.
     */
    private static final double MAX_MEAN_ERROR_ON_UNSEEN_PAIRS = 0.065;

    @Test
    void errsBelowTheStatedBoundOnPairsNeverSeenTogether() {
        InterferenceEvaluation result = InterferenceEvaluation.of(GAVEL, 42);
        assertTrue(result.model().mean() <= MAX_MEAN_ERROR_ON_UNSEEN_PAIRS,
                "mean absolute error " + result.model().mean() + " above " + MAX_MEAN_ERROR_ON_UNSEEN_PAIRS);
        assertEquals(68, result.testTypePairs(), "a fifth of Gavel's 341 usable type pairs");
    }

    @Test
    void beatsTheMeanAndTheJobTypesMeanOnUnseenPairsForEverySeed() {
        for (long seed = 1; seed <= 5; seed++) {
            InterferenceEvaluation result = InterferenceEvaluation.of(GAVEL, seed);
            assertTrue(result.model().mean() < result.trainMean().mean() / 2, "seed " + seed + ": " + result);
            assertTrue(result.model().mean() < result.jobTypeMean().mean(), "seed " + seed + ": " + result);
            assertTrue(result.model().median() < result.jobTypeMean().median(), "seed " + seed + ": " + result);
        }
    }

    @Test
    void sameSeedGivesTheSameSplitAndErrors() {
        assertEquals(InterferenceEvaluation.of(GAVEL, 42), InterferenceEvaluation.of(GAVEL, 42));
        assertNotEquals(InterferenceEvaluation.of(GAVEL, 42), InterferenceEvaluation.of(GAVEL, 43));
    }

    @Test
    void predictsWithinZeroAndOneForEveryPairOfJobTypes() {
        InterferenceTrainer trainer = new InterferenceTrainer(GAVEL);
        InterferenceModel model = trainer.fit(MeasuredPair.from(GAVEL));
        JobProfile extreme = new JobProfile("Made-up (batch size 100000)", "Made-up", OptionalInt.of(100_000),
                Map.of("K80", 1e-4, "P100", 1e3, "V100", 1e6));
        List<JobProfile> jobs = GAVEL.families().stream().map(trainer::job).toList();
        for (String gpuType : List.of("K80", "P100", "V100")) {
            for (JobProfile self : jobs) {
                for (JobProfile other : jobs) {
                    assertWithinZeroAndOne(model.slowdown(self, other, gpuType), self, other);
                }
                assertWithinZeroAndOne(model.slowdown(self, extreme, gpuType), self, extreme);
                assertWithinZeroAndOne(model.slowdown(extreme, self, gpuType), extreme, self);
            }
        }
    }

    @Test
    void comparesGpuTypesWithoutCase() {
        InterferenceTrainer trainer = new InterferenceTrainer(GAVEL);
        InterferenceModel model = trainer.fit(MeasuredPair.from(GAVEL));
        JobProfile self = trainer.job("LM (batch size 20)");
        JobProfile other = trainer.job("ResNet-18 (batch size 64)");
        assertEquals(model.slowdown(self, other, "V100"), model.slowdown(self, other, " v100"));
    }

    @Test
    void refusesAGpuTypeItWasNotFittedOn() {
        InterferenceTrainer trainer = new InterferenceTrainer(GAVEL);
        InterferenceModel model = trainer.fit(MeasuredPair.from(GAVEL));
        JobProfile job = trainer.job("A3C");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> model.slowdown(job, job, "A100"));
        assertTrue(refused.getMessage().contains("A100"), refused.getMessage());
    }

    private static void assertWithinZeroAndOne(double slowdown, JobProfile self, JobProfile other) {
        assertTrue(slowdown >= 0 && slowdown <= 1, self.jobType() + " beside " + other.jobType() + ": " + slowdown);
    }
}
