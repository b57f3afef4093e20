package io.yarndl.core.policy.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verifying loader: the shipped model loads, and every way a model file or card can be wrong
 * is refused with a message that names the file and what is wrong. Only "it loads and serves" is
 * asserted of the shipped model: its weights change whenever it is retrained.
 */
class ModelLoaderTest {

    @TempDir
    Path dir;

    @Test
    void shippedModelLoadsAndServes() throws Exception {
        Dl2Model model = ModelLoader.loadShipped();

        assertEquals(Dl2Layout.OUTPUT_SIZE, model.network().logits(new float[Dl2Layout.INPUT_SIZE]).length);
        assertEquals("classpath:" + ModelLoader.SHIPPED_RESOURCE, model.source());
        assertTrue(model.version().startsWith(model.card().id() + "@"), model.version());
        assertEquals(model.card().id().length() + 1 + 12, model.version().length(), model.version());
    }

    @Test
    void shippedModelLoadsFromAFileWithItsCardBeside() throws Exception {
        Path onnx = write("copy.onnx", Dl2TestModels.shipped(".onnx"));
        write("copy.json", Dl2TestModels.shipped(".json"));

        Dl2Model model = ModelLoader.load(onnx);

        assertEquals(onnx.toString(), model.source());
        assertEquals(ModelLoader.loadShipped().card(), model.card());
    }

    @Test
    void truncatedModelIsRejectedNamingTheFile() throws Exception {
        byte[] whole = Dl2TestModels.shipped(".onnx");
        Path onnx = write("cut.onnx", Arrays.copyOf(whole, whole.length / 2));
        write("cut.json", Dl2TestModels.shipped(".json"));

        String message = rejection(onnx);

        assertTrue(message.contains(onnx.toString()), message);
        assertTrue(message.contains("truncated"), message);
    }

    @Test
    void truncatedModelWhoseCardMatchesItIsRejectedByOnnxRuntime() throws Exception {
        byte[] whole = Dl2TestModels.shipped(".onnx");
        byte[] cut = Arrays.copyOf(whole, whole.length / 2);
        Path onnx = write("cut.onnx", cut);
        writeCard("cut.json", Dl2TestModels.card("cut", ModelLoader.sha256(cut)));

        String message = rejection(onnx);

        assertTrue(message.startsWith("ONNX Runtime cannot load model " + onnx), message);
    }

    @Test
    void cardWithAnotherSha256IsRejectedNamingBothFiles() throws Exception {
        byte[] bytes = Dl2TestModels.shipped(".onnx");
        Path onnx = write("m.onnx", bytes);
        String wrong = "0".repeat(64);
        Path card = writeCard("m.json", Dl2TestModels.card("m", wrong));

        String message = rejection(onnx);

        assertTrue(message.contains("model file " + onnx), message);
        assertTrue(message.contains("card " + card), message);
        assertTrue(message.contains(ModelLoader.sha256(bytes)) && message.contains(wrong), message);
    }

    @Test
    void missingCardIsRejectedSayingEveryModelNeedsOne() throws Exception {
        Path onnx = write("alone.onnx", Dl2TestModels.shipped(".onnx"));

        String message = rejection(onnx);

        assertEquals("model card " + dir.resolve("alone.json") + " does not exist (every DL2 model needs its card"
                + " beside it: <name>.json)", message);
    }

    @Test
    void missingModelFileIsRejectedNamingIt() {
        Path onnx = dir.resolve("nowhere.onnx");

        assertEquals("model file " + onnx + " does not exist", rejection(onnx));
    }

    @Test
    void cardThatIsNotJsonIsRejected() throws Exception {
        Path onnx = write("m.onnx", Dl2TestModels.shipped(".onnx"));
        Path card = write("m.json", "format: yaml?".getBytes(StandardCharsets.UTF_8));

        String message = rejection(onnx);

        assertTrue(message.startsWith("model card " + card + " is not a valid card: "), message);
    }

    @Test
    void cardMissingItsLayoutIsRejected() throws Exception {
        Path onnx = write("m.onnx", Dl2TestModels.shipped(".onnx"));
        String json = new String(Dl2TestModels.shipped(".json"), StandardCharsets.UTF_8);
        String withoutLayout = json.replaceFirst("(?s)\"layout\"\\s*:\\s*\\{.*?\\},", "");
        assertTrue(!withoutLayout.contains("\"layout\""), "test setup: layout removed");
        Path card = write("m.json", withoutLayout.getBytes(StandardCharsets.UTF_8));

        assertEquals("model card " + card + " is not a valid card: missing \"layout\"", rejection(onnx));
    }

    @Test
    void emptyCardIsRejected() throws Exception {
        Path onnx = write("m.onnx", Dl2TestModels.shipped(".onnx"));
        Path card = write("m.json", new byte[0]);

        assertTrue(rejection(onnx).startsWith("model card " + card + " is not a valid card"), rejection(onnx));
    }

    @Test
    void cardOfAnotherFormatIsRejected() throws Exception {
        byte[] bytes = Dl2TestModels.shipped(".onnx");
        Path onnx = write("m.onnx", bytes);
        ModelCard valid = Dl2TestModels.card("m", ModelLoader.sha256(bytes));
        Path card = writeCard("m.json", new ModelCard("yarn-dl/dl2-model-card/2", valid.id(), valid.layout(),
                valid.model(), valid.training(), valid.scores()));

        assertEquals("model card " + card + " has format 'yarn-dl/dl2-model-card/2'; this scheduler reads '"
                + ModelCard.FORMAT + "'", rejection(onnx));
    }

    @Test
    void cardOfTheFormerLayoutV1IsRejectedAskingForRetraining() throws Exception {
        byte[] bytes = Dl2TestModels.shipped(".onnx");
        Path onnx = write("m.onnx", bytes);
        ModelCard valid = Dl2TestModels.card("m", ModelLoader.sha256(bytes));
        ModelCard.Layout old = new ModelCard.Layout("dl2-state-v1", 40, 20, 4, 121, Dl2TestModels.JOB_TYPES);
        writeCard("m.json", new ModelCard(ModelCard.FORMAT, "m", old, valid.model(), null, null));

        String message = rejection(onnx);

        assertTrue(message.contains("dl2-state-v1") && message.contains(Dl2Layout.VERSION), message);
        assertTrue(message.contains("retrain"), message);
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Policy policy = Dl2Policy.load(() -> ModelLoader.load(onnx), events);
        assertFalse(policy.isServing(), "a v1 model is never served: dl2 runs its optimus fallback");
        assertEquals(List.of(message), events.fallbacks);
    }

    @Test
    void cardOfTheRightVersionButOtherSizesIsRejected() throws Exception {
        byte[] bytes = Dl2TestModels.shipped(".onnx");
        Path onnx = write("m.onnx", bytes);
        ModelCard.Layout thirtySlots = new ModelCard.Layout(Dl2Layout.VERSION, 30, 20, 4, 91, Dl2TestModels.JOB_TYPES);
        writeCard("m.json", new ModelCard(ModelCard.FORMAT, "m", thirtySlots,
                new ModelCard.ModelFile("m.onnx", ModelLoader.sha256(bytes)), null, null));

        assertTrue(rejection(onnx).contains("slots=30"), rejection(onnx));
    }

    @Test
    void cardListingMoreJobTypesThanBucketsIsRejected() throws Exception {
        byte[] bytes = Dl2TestModels.shipped(".onnx");
        Path onnx = write("m.onnx", bytes);
        List<String> twelve = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l");
        writeCard("m.json", new ModelCard(ModelCard.FORMAT, "m", ModelCard.Layout.current(twelve),
                new ModelCard.ModelFile("m.onnx", ModelLoader.sha256(bytes)), null, null));

        assertTrue(rejection(onnx).contains("lists 12 job types; the layout has room for 11"), rejection(onnx));
    }

    @Test
    void cardWithNullsInItsFreeFormNotesLoads() throws Exception {
        // The trainer writes Python's None as null (a score it did not measure): no reason to refuse a model.
        Path onnx = write("m.onnx", Dl2TestModels.shipped(".onnx"));
        String json = new String(Dl2TestModels.shipped(".json"), StandardCharsets.UTF_8);
        String withNulls = json.replaceFirst("\"scores\"\\s*:\\s*\\{[^}]*\\}",
                "\"scores\": {\"avgJctSec\": null, \"rounds\": 3}");
        assertTrue(withNulls.contains("\"avgJctSec\": null"), "test setup: " + withNulls);
        write("m.json", withNulls.getBytes(StandardCharsets.UTF_8));

        Dl2Model model = ModelLoader.load(onnx);

        assertTrue(model.card().scores().containsKey("avgJctSec"), model.card().scores().toString());
        assertEquals(List.of("avgJctSec", "rounds"), List.copyOf(model.card().scores().keySet()), "card order kept");
    }

    @Test
    void wrongInputFixtureIsRejectedForItsShape() {
        Path onnx = Dl2TestModels.fixture("wrong-input.onnx");

        String message = rejection(onnx);

        assertEquals("model " + onnx + "'s input 'state' has shape [-1, 600]; feature layout " + Dl2Layout.VERSION
                + " needs [batch, 1252]", message);
    }

    @Test
    void fixturesWithTheRightShapeLoad() {
        for (String name : List.of("always-stop.onnx", "prefers-slot0.onnx")) {
            Dl2Model model = Dl2TestModels.load(name);
            assertEquals(Dl2Layout.OUTPUT_SIZE, model.network().logits(new float[Dl2Layout.INPUT_SIZE]).length, name);
        }
    }

    @Test
    void cardPathIsTheModelPathWithJson() {
        assertEquals(Path.of("/m/dl2-v3.json"), ModelLoader.cardOf(Path.of("/m/dl2-v3.onnx")));
        assertEquals(Path.of("/m/model.json"), ModelLoader.cardOf(Path.of("/m/model")));
    }

    private static String rejection(Path onnx) {
        return assertThrows(ModelRejectedException.class, () -> ModelLoader.load(onnx)).getMessage();
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }

    private Path writeCard(String name, ModelCard card) throws IOException {
        return write(name, ModelLoader.writeCard(card));
    }
}
