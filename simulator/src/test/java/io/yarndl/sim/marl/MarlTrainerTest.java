package io.yarndl.sim.marl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.placement.marl.MarlLayout;
import io.yarndl.core.placement.marl.OnnxCandidateScorer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The marl trainer's Python unit tests ({@code onnx-models/trainer/test_marl_train.py}), run with
 * Debian's PyTorch under {@code /usr/bin/python3} as DL2's trainer is ({@code TrainerLoopTest}):
 * failing, never skipping, where PyTorch is missing. The model their export test leaves behind is
 * then loaded through ONNX Runtime, the scheduler's path, and must give PyTorch's scores, one per row.
 */
class MarlTrainerTest {

    private static final Path REPO = Path.of("").toAbsolutePath().getParent();
    private static final String PYTHON = "/usr/bin/python3";

    @Test
    void pythonTestsPassAndTheirExportScoresTheSameInJava(@TempDir Path dir) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(PYTHON, "-m", "unittest", "discover", "-s",
                REPO.resolve("onnx-models/trainer").toString(), "-p", "test_marl*.py", "-v").redirectErrorStream(true);
        builder.environment().put("MARL_EXPORT_DIR", dir.toString());
        builder.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        Process python = builder.start();
        String output = new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(python.waitFor(2, TimeUnit.MINUTES), "the Python tests did not finish");
        assertEquals(0, python.exitValue(), PYTHON + " -m unittest failed (is python3-torch installed?):\n" + output);

        JsonNode expected = new ObjectMapper().readTree(dir.resolve("exported-scores.json").toFile());
        float[][] rows = new float[expected.get("rows").size()][MarlLayout.FEATURES];
        for (int r = 0; r < rows.length; r++) {
            for (int f = 0; f < MarlLayout.FEATURES; f++) {
                rows[r][f] = (float) expected.get("rows").get(r).get(f).asDouble();
            }
        }
        try (OnnxCandidateScorer scorer = OnnxCandidateScorer.load(Files.readAllBytes(dir.resolve("exported.onnx")),
                "exported.onnx")) {
            float[] scores = scorer.scores(rows);
            assertEquals(rows.length, scores.length);
            for (int r = 0; r < rows.length; r++) {
                assertEquals(expected.get("scores").get(r).asDouble(), scores[r], 1e-4, "row " + r);
            }
        }
    }
}
