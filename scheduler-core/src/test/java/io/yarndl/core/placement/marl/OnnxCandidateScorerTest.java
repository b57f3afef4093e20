package io.yarndl.core.placement.marl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.dl2.ModelRejectedException;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class OnnxCandidateScorerTest {

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = OnnxCandidateScorerTest.class.getResourceAsStream("/marl/" + name)) {
            return in.readAllBytes();
        }
    }

    @Test
    void scoresEachRowWithTheFixturesFirstFeature() throws Exception {
        try (OnnxCandidateScorer scorer = OnnxCandidateScorer.load(fixture("prefers-free.onnx"), "prefers-free")) {
            float[][] rows = new float[3][MarlLayout.FEATURES];
            rows[0][0] = 0.25f;
            rows[1][0] = 1f;
            rows[2][0] = 0.5f;
            assertArrayEquals(new float[] {0.25f, 1f, 0.5f}, scorer.scores(rows), 1e-6f);
        }
    }

    @Test
    void refusesAModelOfAnotherWidthNamingTheLayout() {
        ModelRejectedException e = assertThrows(ModelRejectedException.class,
                () -> OnnxCandidateScorer.load(fixture("wrong-width.onnx"), "wrong-width"));
        assertTrue(e.getMessage().contains("marl-candidates-v1 needs [rows, 16]"), e.getMessage());
    }

    @Test
    void refusesBytesThatAreNoModel() {
        ModelRejectedException e = assertThrows(ModelRejectedException.class,
                () -> OnnxCandidateScorer.load("not a model".getBytes(), "garbage"));
        assertTrue(e.getMessage().contains("garbage"), e.getMessage());
    }
}
