package io.yarndl.yarn.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import io.yarndl.yarn.round.PolicyRunner;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler's side of DL2 with a real model file and ONNX Runtime: the configured file serves,
 * a replacement that cannot serve falls back (counted, with the file's name in the reason) and a
 * good one put back serves again, each time through a new policy built between rounds.
 */
class ModelReloadTest {

    @TempDir
    Path dir;
    Path model;
    byte[] good;
    byte[] goodCard;

    @BeforeEach
    void copyTheShippedModel() throws Exception {
        good = resource(ModelLoader.SHIPPED_RESOURCE);
        goodCard = resource(ModelLoader.SHIPPED_RESOURCE.replace(".onnx", ".json"));
        model = dir.resolve("dl2-default.onnx");
        Files.write(model, good);
        Files.write(ModelLoader.cardOf(model), goodCard);
    }

    @Test
    void aTruncatedReplacementFallsBackAndTheGoodFilePutBackServesAgain() throws Exception {
        SchedulerMetrics metrics = new SchedulerMetrics();
        Dl2ModelStatus status = new Dl2ModelStatus(metrics.dl2());
        Dl2ModelSource source = new Dl2ModelSource(Optional.of(model), status);
        ModelFileWatch watch = new ModelFileWatch(model);
        try (PolicyRunner runner = new PolicyRunner(PolicyRegistry.standard(source::newPolicy), "dl2",
                Duration.ofSeconds(10))) {
            ModelReload reload = new ModelReload(watch, source, runner);
            String version = status.servingVersion().orElseThrow();
            assertTrue(metrics.dl2().isServing());

            Files.write(model, Arrays.copyOf(good, good.length / 2));
            assertFalse(reload.beforeRound(), "not settled yet");
            assertTrue(reload.beforeRound());

            assertFalse(metrics.dl2().isServing());
            assertEquals(1, metrics.dl2().fallbacks());
            String reason = status.fallbackReason().orElseThrow();
            assertTrue(reason.contains(model.toString()) && reason.contains("sha256"), reason);
            assertTrue(runner.plan(new ClusterSnapshot(0, List.of()), List.of()).policy().equals("dl2"));

            Files.write(model, good);
            reload.beforeRound();
            assertTrue(reload.beforeRound());

            assertEquals(Optional.of(version), status.servingVersion());
            assertEquals(1, metrics.dl2().fallbacks());
            assertFalse(reload.beforeRound(), "nothing changed since");
        }
    }

    @Test
    void aMissingCardFallsBackAtStartAndSaysWhichFileIsMissing() throws Exception {
        Files.delete(ModelLoader.cardOf(model));
        SchedulerMetrics metrics = new SchedulerMetrics();
        Dl2ModelStatus status = new Dl2ModelStatus(metrics.dl2());

        new Dl2ModelSource(Optional.of(model), status).newPolicy();

        assertEquals(1, metrics.dl2().fallbacks());
        String reason = status.fallbackReason().orElseThrow();
        assertTrue(reason.contains(ModelLoader.cardOf(model).toString()) && reason.contains("does not exist"), reason);
    }

    @Test
    void noConfiguredFileMeansTheShippedModel() {
        Dl2ModelStatus status = new Dl2ModelStatus(new SchedulerMetrics().dl2());
        Dl2ModelSource source = new Dl2ModelSource(Optional.empty(), status);

        source.newPolicy();

        assertTrue(status.servingVersion().isPresent());
        assertEquals("classpath:" + ModelLoader.SHIPPED_RESOURCE, source.describe());
    }

    private static byte[] resource(String name) throws Exception {
        try (InputStream in = ModelLoader.class.getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }
}
