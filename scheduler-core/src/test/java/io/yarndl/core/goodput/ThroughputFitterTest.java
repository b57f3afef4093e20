package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThroughputFitterTest {

    private static final ThroughputParams TRUTH = new ThroughputParams(0.05, 0.002, 0.3, 0.01, 0.04, 0.005, 1.8);

    private final ThroughputFitter fitter = new ThroughputFitter();

    @Test
    void recoversTheTimesOfConfigurationsItWasNotShown() {
        List<ThroughputObservation> seen = new ArrayList<>();
        int[][] configs = {{1, 1}, {1, 2}, {1, 4}, {2, 8}, {4, 16}, {2, 4}};
        for (int[] c : configs) {
            for (int atomic : new int[] {32, 128}) {
                seen.add(observed(c[0], c[1], new LocalBatch(atomic, 0)));
            }
        }
        ThroughputParams fitted = fitter.fit(seen, 128);
        // held out: sizes, local batches and an accumulated split it never saw
        int[][] heldOut = {{1, 3, 64, 0}, {3, 12, 48, 0}, {8, 32, 96, 1}, {1, 1, 256, 3}};
        for (int[] h : heldOut) {
            LocalBatch split = new LocalBatch(h[2], h[3]);
            double truth = TRUTH.iterationSeconds(h[0], h[1], split);
            double predicted = fitted.iterationSeconds(h[0], h[1], split);
            assertEquals(truth, predicted, 0.03 * truth, "at " + java.util.Arrays.toString(h) + ": " + fitted);
        }
    }

    @Test
    void oneLocalBatchTiesTheFixedComputeTermToHalfTheStep() {
        // one replica at local batch 64 takes 0.2 s: half fixed, half per sample (Pollux's rule)
        ThroughputParams fitted = fitter.fit(List.of(new ThroughputObservation(1, 1, new LocalBatch(64, 0), 0.2, 5)), 64);
        assertEquals(0.1, fitted.alphaCompute(), 1e-6);
        assertEquals(0.1 / 64, fitted.betaCompute(), 1e-8);
        // nothing was seen of synchronisation: it stays free, so the model is optimistic about scaling
        // 4 replicas of 16: 0.1 + 16 * 0.1 / 64 = 0.125 s
        assertEquals(0.125, fitted.iterationSeconds(1, 4, new LocalBatch(16, 0)), 1e-6);
    }

    @Test
    void aLinkBetweenNodesIsNeverFasterThanWithinOne() {
        List<ThroughputObservation> oneNode = new ArrayList<>();
        for (int replicas : new int[] {1, 2, 4}) {
            for (int atomic : new int[] {32, 64}) {
                oneNode.add(observed(1, replicas, new LocalBatch(atomic, 0)));
            }
        }
        ThroughputParams fitted = fitter.fit(oneNode, 64);
        assertTrue(fitted.alphaNode() >= 1.1 * fitted.alphaLocal() - 1e-12, fitted.toString());
        assertTrue(fitted.betaNode() >= 1.1 * fitted.betaLocal() - 1e-12, fitted.toString());
    }

    @Test
    void theModelOfAJobMeasuredNowhereScalesPerfectly() {
        ThroughputParams prior = fitter.fit(List.of(), 256);
        double one = prior.samplesPerSecond(1, 1, 256, new LocalBatch(256, 0));
        assertEquals(256, one, 1e-3);
        assertEquals(8 * one, prior.samplesPerSecond(2, 8, 8 * 256, new LocalBatch(256, 0)), 1e-3);
    }

    private static ThroughputObservation observed(int nodes, int replicas, LocalBatch split) {
        return new ThroughputObservation(nodes, replicas, split, TRUTH.iterationSeconds(nodes, replicas, split), 3);
    }
}
