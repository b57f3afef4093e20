package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ConvergenceFitterTest {

    /** The true curve: l(k) = 1 / (B0 k + B1) + B2, starting at loss 2.3 and levelling off at 0.3. */
    private static final double B0 = 0.002;
    private static final double B1 = 0.5;
    private static final double B2 = 0.3;
    /** Samples every 50 steps up to step 5000; the target loss is reached at step 6000, 20% beyond them. */
    private static final double TARGET_STEP = 6000;
    private static final double TARGET_LOSS = trueLoss(TARGET_STEP);

    private final ConvergenceFitter fitter = new ConvergenceFitter();

    /** Tolerance: the predicted step at the target loss within 10% of the true 6000, for each of 10 seeds. */
    @Test
    void recoversKnownCurveFromSamplesWithTwoPercentNoise() {
        for (long seed = 1; seed <= 10; seed++) {
            ConvergenceModel model = fitter.fit(noisySamples(100, 0.02, seed)).orElseThrow();
            assertEquals(TARGET_STEP, model.stepAtLoss(TARGET_LOSS), 0.10 * TARGET_STEP, "seed " + seed);
            assertTrue(model.b0() >= 0 && model.b1() >= 0 && model.b2() >= 0);
            // Tolerance: the fitted curve within 3% of the true loss over the observed steps.
            for (int k = 250; k <= 5000; k += 250) {
                assertEquals(trueLoss(k), model.loss(k), 0.03 * trueLoss(k), "seed " + seed + " step " + k);
            }
        }
    }

    @Test
    void recoversExactCurveFromNoiselessSamples() {
        ConvergenceModel model = fitter.fit(noisySamples(100, 0.0, 1)).orElseThrow();
        assertEquals(TARGET_STEP, model.stepAtLoss(TARGET_LOSS), 1.0);
        assertEquals(100, model.samplesUsed());
    }

    /** Mean relative error of the remaining-steps estimate over 20 seeds, at 15, 30, 60 and 100 samples. */
    @Test
    void remainingStepsErrorShrinksAsSamplesArrive() {
        int[] counts = {15, 30, 60, 100};
        double[] meanError = new double[counts.length];
        for (int c = 0; c < counts.length; c++) {
            for (long seed = 1; seed <= 20; seed++) {
                List<ProgressSample> samples = noisySamples(counts[c], 0.02, seed);
                long current = samples.get(samples.size() - 1).step();
                double estimate = fitter.fit(samples).orElseThrow().remainingSteps(current, TARGET_LOSS);
                double truth = TARGET_STEP - current;
                meanError[c] += Math.min(1.0, Math.abs(estimate - truth) / truth) / 20;
            }
        }
        for (int c = 1; c < counts.length; c++) {
            assertTrue(meanError[c] < meanError[c - 1],
                    "error did not shrink: " + java.util.Arrays.toString(meanError));
        }
    }

    @Test
    void skipsNaNNegativeAndInfiniteSamples() {
        List<ProgressSample> clean = noisySamples(100, 0.02, 3);
        List<ProgressSample> dirty = new ArrayList<>(clean);
        dirty.add(5, new ProgressSample(1, 120, Double.NaN, 1, 1, 0));
        dirty.add(9, new ProgressSample(1, 130, -1.0, 1, 1, 0));
        dirty.add(20, new ProgressSample(1, 140, Double.POSITIVE_INFINITY, 1, 1, 0));
        dirty.add(30, new ProgressSample(1, -5, 1.0, 1, 1, 0));
        dirty.add(31, new ProgressSample(Double.NaN, 150, 1.0, 1, 1, 0));
        dirty.add(null);
        assertEquals(fitter.fit(clean), fitter.fit(dirty));
    }

    @Test
    void dropsLossSpikesAsOutliers() {
        List<ProgressSample> clean = noisySamples(100, 0.02, 4);
        List<ProgressSample> spiky = new ArrayList<>(clean);
        spiky.add(new ProgressSample(1, 2025, 10 * trueLoss(2025), 1, 1, 0));
        spiky.add(new ProgressSample(1, 4025, 5 * trueLoss(4025), 1, 1, 0));
        assertEquals(fitter.fit(clean), fitter.fit(spiky));
    }

    @Test
    void returnsEmptyWithFewerThanFiveDistinctSteps() {
        List<ProgressSample> samples = new ArrayList<>();
        for (int repeat = 0; repeat < 10; repeat++) {
            for (int k = 0; k < ConvergenceFitter.MIN_DISTINCT_STEPS - 1; k++) {
                samples.add(new ProgressSample(k, k * 100L, trueLoss(k * 100), 1, 1, 0));
            }
        }
        assertEquals(Optional.empty(), fitter.fit(samples));
        assertEquals(Optional.empty(), fitter.fit(List.of()));
        samples.add(new ProgressSample(9, 900, Double.NaN, 1, 1, 0));
        assertEquals(Optional.empty(), fitter.fit(samples));
    }

    @Test
    void returnsEmptyWhenEveryLossIsZero() {
        List<ProgressSample> samples = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            samples.add(new ProgressSample(k, k * 10L, 0.0, 1, 1, 0));
        }
        assertEquals(Optional.empty(), fitter.fit(samples));
    }

    @Test
    void normalisesByLargestLossSoUnitsDoNotMatter() {
        List<ProgressSample> samples = noisySamples(60, 0.02, 5);
        List<ProgressSample> scaled = samples.stream()
                .map(s -> new ProgressSample(s.timeSec(), s.step(), 1000 * s.loss(), s.stepsPerSecond(), s.workers(), s.ps()))
                .toList();
        ConvergenceModel a = fitter.fit(samples).orElseThrow();
        ConvergenceModel b = fitter.fit(scaled).orElseThrow();
        assertEquals(a.stepAtLoss(TARGET_LOSS), b.stepAtLoss(1000 * TARGET_LOSS), 1e-6 * a.stepAtLoss(TARGET_LOSS));
    }

    private static double trueLoss(double step) {
        return 1.0 / (B0 * step + B1) + B2;
    }

    /** The first {@code count} samples (every 50 steps) with seeded multiplicative noise, shuffled. */
    private static List<ProgressSample> noisySamples(int count, double noise, long seed) {
        Random random = new Random(seed);
        List<ProgressSample> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long step = 50L * (i + 1);
            double loss = trueLoss(step) * (1 + noise * random.nextGaussian());
            samples.add(new ProgressSample(i, step, loss, 2.0, 4, 0));
        }
        java.util.Collections.shuffle(samples, random);
        return samples;
    }
}
