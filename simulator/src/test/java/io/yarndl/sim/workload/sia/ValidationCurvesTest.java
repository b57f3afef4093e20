package io.yarndl.sim.workload.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistical-efficiency model against values worked out by hand from Pollux's cifar10 files
 * (data/pollux/traces/cifar10/validation-128.csv and validation-256.csv, their first row).
 */
class ValidationCurvesTest {

    private static final ValidationCurves CIFAR10 =
            ValidationCurves.read(RepoData.dir().resolve("pollux/traces/cifar10"), "cifar10", 100, "Pollux");

    /** validation-128.csv, epoch 0. */
    private static final double SQR_128 = 8.947307535897329;
    private static final double VAR_128 = 5.066593295150894;
    /** validation-256.csv, epoch 0. */
    private static final double SQR_256 = 17.379458169870425;
    private static final double VAR_256 = 13.937760473946334;

    @TempDir
    Path tmp;

    @Test
    void theInitialBatchIsTheSmallestValidatedAndAStepThereIsOneStepOfProgress() {
        assertEquals(128, CIFAR10.initBatch());
        assertEquals(4096, CIFAR10.maxBatch());
        assertEquals(1.0, CIFAR10.gain(128, 0), 1e-12);
    }

    @Test
    void aLargerBatchGainsWhatPolluxsFormulaGivesWithItsOwnFilesGradientStatistics() {
        // gain = (var + sqr) / (var / s + sqr) with s = 256 / 128 = 2: 1.2862158444...
        double expected = (VAR_256 + SQR_256) / (VAR_256 / 2 + SQR_256);
        assertEquals(expected, CIFAR10.gain(256, 0), 1e-12);
        assertEquals(1.2862158444049892, CIFAR10.gain(256, 0), 1e-9);
    }

    @Test
    void betweenValidatedBatchesTheStatisticsAreLinearInTheBatch() {
        double sqr = (SQR_128 + SQR_256) / 2;
        double var = (VAR_128 + VAR_256) / 2;

        assertEquals(sqr, CIFAR10.gradientStats(192, 0).sqr(), 1e-12);
        assertEquals(var, CIFAR10.gradientStats(192, 0).var(), 1e-12);
        assertEquals((var + sqr) / (var / 1.5 + sqr), CIFAR10.gain(192, 0), 1e-12);
        assertEquals(1.1624456402980787, CIFAR10.gain(192, 0), 1e-9);
    }

    @Test
    void theNoiseScaleIsTheInitialBatchTimesVarianceOverSquaredNorm() {
        assertEquals(128 * VAR_128 / SQR_128, CIFAR10.noiseScale(128, 0), 1e-9);
        assertEquals(72.48258084092711, CIFAR10.noiseScale(128, 0), 1e-9);
        // The contract's efficiency (B + M0) / (B + M) times M / M0 is the gain, at the batch's own statistics.
        double noise = CIFAR10.noiseScale(256, 0);
        assertEquals((noise + 128) / (noise + 256) * 2, CIFAR10.gain(256, 0), 1e-12);
    }

    @Test
    void anEpochEndsAtTheSmallestProgressAnyBatchSizeHadAfterIt() {
        // Row 0's progress: 391.0 (128), 390.714... (256), 392.46 (512), 391.09 (1024), 392.34 (2048), 395.22 (4096).
        assertEquals(0, CIFAR10.progressAtEpoch(0));
        assertEquals(390.71438596642224, CIFAR10.progressAtEpoch(1), 1e-12);
        assertTrue(CIFAR10.progressAtEpoch(100) > CIFAR10.progressAtEpoch(99));
    }

    @Test
    void iterationsAreTheFilesAfterAnEpochAndLinearBetweenBatches() {
        assertEquals(390, CIFAR10.iterations(128, 0));
        assertEquals((390 + 300) / 2.0, CIFAR10.iterations(192, 0), 1e-9);
        IllegalArgumentException outside = assertThrows(IllegalArgumentException.class, () -> CIFAR10.iterations(64, 0));
        assertTrue(outside.getMessage().contains("Pollux validated cifar10 at batch sizes [128, 256, 512, 1024, 2048,"
                + " 4096] only; batch size 64"), outside.getMessage());
    }

    @Test
    void aMalformedRowNamesItsFileLineAndColumn() throws IOException {
        Files.writeString(tmp.resolve("validation-8.csv"), "progress,iteration,metric,grad_sqr,grad_var\n"
                + "10,10,0.1,1.0,2.0\n11,eleven,0.2,1.0,2.0\n");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ValidationCurves.read(tmp, "toy", 2, "Pollux"));

        assertTrue(e.getMessage().contains("validation-8.csv, line 3, column iteration: must be a number >= 1.0"
                + " (value 'eleven')"), e.getMessage());
    }

    @Test
    void aFileOfFewerEpochsThanTheApplicationTrainsIsNamed() throws IOException {
        Files.writeString(tmp.resolve("validation-8.csv"), "progress,iteration,metric,grad_sqr,grad_var\n"
                + "10,10,0.1,1.0,2.0\n");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ValidationCurves.read(tmp, "toy", 2, "Pollux"));

        assertTrue(e.getMessage().contains("validation-8.csv: has 1 epochs; toy trains 2"), e.getMessage());
    }
}
