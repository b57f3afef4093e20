package io.yarndl.core.placement.interference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.throughput.ThroughputProfile;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What the interference model learns from: the measured pairs, their split and the job profiles. */
class InterferenceDataTest {

    private static final ThroughputProfile GAVEL = ThroughputProfile.gavel();

    @Test
    void leavesOutPairsThatDidNotRunTogetherOnOneGpu() {
        List<MeasuredPair> pairs = MeasuredPair.from(GAVEL);
        assertEquals(1881, pairs.size(), "Gavel's single-GPU pairs with both speeds above 0");
        assertTrue(pairs.stream().allMatch(pair -> pair.slowdown() > 0 && pair.slowdown() <= 1));
        // ResNet-50 at batch size 128 fits no K80 beside anything: Gavel writes 0 for all its pairs.
        assertFalse(pairs.stream().anyMatch(pair -> pair.gpuType().equals("K80")
                && pair.typePair().contains("ResNet-50 (batch size 128)")));
    }

    @Test
    void keepsEveryMeasurementOfATypePairOnOneSide() {
        List<MeasuredPair> pairs = MeasuredPair.from(GAVEL);
        PairSplit split = PairSplit.byTypePair(pairs, 0.2, 7);
        Set<List<String>> trained = split.train().stream().map(MeasuredPair::typePair).collect(Collectors.toSet());
        Set<List<String>> tested = split.test().stream().map(MeasuredPair::typePair).collect(Collectors.toSet());
        assertTrue(tested.stream().noneMatch(trained::contains), "a type pair on both sides");
        assertEquals(pairs.size(), split.train().size() + split.test().size());
        Set<List<String>> all = new HashSet<>(trained);
        all.addAll(tested);
        assertEquals(Math.round(0.2 * all.size()), tested.size());
        assertEquals(split, PairSplit.byTypePair(pairs, 0.2, 7));
    }

    @Test
    void readsModelFamilyAndBatchSizeFromGavelsNames() {
        JobProfile resnet = JobProfile.of("ResNet-50 (batch size 64)", GAVEL);
        assertEquals("ResNet-50", resnet.modelFamily());
        assertEquals(OptionalInt.of(64), resnet.batchSize());
        assertEquals(GAVEL.stepsPerSecond("ResNet-50 (batch size 64)", 1, "P100").orElseThrow(),
                resnet.stepsPerSecondOn("p100"));
        assertTrue(resnet.speedUpV100OverK80() > 3, "compute-bound: " + resnet.speedUpV100OverK80());

        JobProfile a3c = JobProfile.of("A3C", GAVEL);
        assertEquals("A3C", a3c.modelFamily());
        assertEquals(OptionalInt.empty(), a3c.batchSize());
    }

    @Test
    void ridgeRecoversALinearLawAndToleratesAnInputThatNeverVaries() {
        double[][] x = new double[50][];
        double[] y = new double[50];
        for (int row = 0; row < x.length; row++) {
            x[row] = new double[] {row, row % 7, 3};
            y[row] = 0.5 + 0.02 * row - 0.1 * (row % 7);
        }
        RidgeRegression fit = RidgeRegression.fit(x, y, 1e-9);
        assertEquals(0.5 + 0.02 * 60 - 0.1 * 2, fit.predict(new double[] {60, 2, 3}), 1e-6);
    }
}
