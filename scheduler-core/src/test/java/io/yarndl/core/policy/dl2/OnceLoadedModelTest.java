package io.yarndl.core.policy.dl2;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnceLoadedModelTest {

    @TempDir
    Path dir;

    @Test
    void loadsOnceAndHandsOutTheSameModel() throws Exception {
        Path onnx = copyFixture("always-stop", "m");
        OnceLoadedModel source = OnceLoadedModel.file(onnx);

        Dl2Model first = source.load();
        Files.delete(onnx);
        Files.delete(ModelLoader.cardOf(onnx));

        assertSame(first, source.load(), "the files are gone: a second read would have failed");
    }

    @Test
    void repeatsTheFirstRejectionWithoutReadingAgain() throws Exception {
        Path onnx = dir.resolve("m.onnx");
        OnceLoadedModel source = OnceLoadedModel.file(onnx);

        ModelRejectedException first = assertThrows(ModelRejectedException.class, source::load);
        copyFixture("always-stop", "m");
        ModelRejectedException again = assertThrows(ModelRejectedException.class, source::load);

        assertSame(first, again, "the model appeared since, but a rejected source stays rejected");
        assertTrue(first.getMessage().contains(onnx.toString()), first.getMessage());
    }

    @Test
    void shippedSourceLoadsTheJarsModel() throws Exception {
        OnceLoadedModel shipped = OnceLoadedModel.shipped();

        assertSame(shipped.load(), shipped.load());
        assertTrue(shipped.load().source().startsWith("classpath:"), shipped.load().source());
    }

    private Path copyFixture(String fixture, String as) throws Exception {
        Path onnx = dir.resolve(as + ".onnx");
        Files.copy(Dl2TestModels.fixture(fixture + ".onnx"), onnx, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(Dl2TestModels.fixture(fixture + ".json"), ModelLoader.cardOf(onnx),
                StandardCopyOption.REPLACE_EXISTING);
        return onnx;
    }
}
