package io.yarndl.core.placement.marl.serving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MarlModelLoaderTest {

    private static final String PREFERS_FREE_SHA = "3b9cbe5464c2cf6d668f2550bec9128ecff7e332eb2d90e55ac44d3c273670d5";

    @TempDir
    Path dir;

    @Test
    void loadsAModelWhoseCardChecksAndNamesItsVersion() throws Exception {
        Path onnx = install("prefers-free");

        MarlModel model = MarlModelLoader.load(onnx);

        assertEquals("prefers-free@3b9cbe5464c2", model.version());
        assertEquals(onnx.toString(), model.source());
        assertEquals(1, model.scorer().scores(new float[1][16]).length);
    }

    @Test
    void refusesAMissingModelFileNamingIt() {
        Path onnx = dir.resolve("absent.onnx");
        assertRejected(onnx, "marl model file " + onnx + " does not exist");
    }

    @Test
    void refusesAModelWithoutItsCardBeside() throws Exception {
        Path onnx = install("prefers-free");
        Files.delete(ModelLoader.cardOf(onnx));
        assertRejected(onnx, "marl model card " + ModelLoader.cardOf(onnx) + " does not exist");
    }

    @Test
    void refusesACardThatIsNotJson() throws Exception {
        Path onnx = install("prefers-free");
        Files.writeString(ModelLoader.cardOf(onnx), "{ not json");
        assertRejected(onnx, "model card " + ModelLoader.cardOf(onnx) + " is not a valid card");
    }

    @Test
    void refusesACardWithoutItsModelFieldNamingTheField() throws Exception {
        Path onnx = install("prefers-free");
        editCard(onnx, card -> card.replaceAll("(?s)\"model\"\\s*:\\s*\\{[^}]*\\},?", ""));
        assertRejected(onnx, "missing \"model\"");
    }

    @Test
    void refusesACardOfAnotherFormat() throws Exception {
        Path onnx = install("prefers-free");
        editCard(onnx, card -> card.replace("yarn-dl/marl-model-card/1", "yarn-dl/dl2-model-card/1"));
        assertRejected(onnx, "has format 'yarn-dl/dl2-model-card/1'; this scheduler reads 'yarn-dl/marl-model-card/1'");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "'\"version\": \"marl-candidates-v1\"', '\"version\": \"marl-candidates-v0\"'",
        "'\"features\": 16', '\"features\": 15'",
        "'\"candidatesPerAgent\": 4', '\"candidatesPerAgent\": 8'",
        "'\"racksPerAgent\": 2', '\"racksPerAgent\": 3'"})
    void refusesACardWhoseLayoutIsNotThisBuilds(String field, String changed) throws Exception {
        Path onnx = install("prefers-free");
        editCard(onnx, card -> {
            assertTrue(card.contains(field), card);
            return card.replace(field, changed);
        });
        assertRejected(onnx, "this scheduler encodes Layout[version=marl-candidates-v1, features=16,"
                + " candidatesPerAgent=4, racksPerAgent=2]");
    }

    @Test
    void refusesAFileWhoseSha256IsNotTheCards() throws Exception {
        Path onnx = install("prefers-free");
        byte[] bytes = Files.readAllBytes(onnx);
        bytes[bytes.length - 1] ^= 1;
        Files.write(onnx, bytes);
        assertRejected(onnx, "marl model file " + onnx + " has sha256 " + ModelLoader.sha256(bytes)
                + " but its card " + ModelLoader.cardOf(onnx) + " says " + PREFERS_FREE_SHA);
    }

    @Test
    void refusesGarbageBytesEvenWithACardThatMatchesThem() throws Exception {
        Path onnx = install("prefers-free");
        byte[] garbage = "not an onnx model".getBytes(StandardCharsets.UTF_8);
        Files.write(onnx, garbage);
        editCard(onnx, card -> card.replace(PREFERS_FREE_SHA, ModelLoader.sha256(garbage)));
        assertRejected(onnx, "ONNX Runtime cannot load marl model " + onnx);
    }

    @Test
    void refusesAModelOfAnotherInputWidthThoughItsCardClaimsTheLayout() throws Exception {
        assertRejected(install("wrong-width"), "marl-candidates-v1 needs [rows, 16]");
    }

    @Test
    void theShippedModelLoadsOrItsAbsenceIsARejectionSayingNoneIsShipped() throws Exception {
        if (MarlModelLoader.class.getResource(MarlModelLoader.SHIPPED_RESOURCE) != null) {
            assertTrue(MarlModelLoader.loadShipped().version().startsWith("marl"));
            return;
        }
        ModelRejectedException e = assertThrows(ModelRejectedException.class, MarlModelLoader::loadShipped);
        assertTrue(e.getMessage().startsWith("no marl model is shipped in this build"), e.getMessage());
    }

    private Path install(String fixture) throws IOException {
        Path onnx = dir.resolve(fixture + ".onnx");
        Files.write(onnx, resource("/marl/" + fixture + ".onnx"));
        Files.write(ModelLoader.cardOf(onnx), resource("/marl/" + fixture + ".json"));
        return onnx;
    }

    private static void editCard(Path onnx, java.util.function.UnaryOperator<String> edit) throws IOException {
        Path card = ModelLoader.cardOf(onnx);
        Files.writeString(card, edit.apply(Files.readString(card)));
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = MarlModelLoaderTest.class.getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }

    private static void assertRejected(Path onnx, String expected) {
        ModelRejectedException e = assertThrows(ModelRejectedException.class, () -> MarlModelLoader.load(onnx));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
