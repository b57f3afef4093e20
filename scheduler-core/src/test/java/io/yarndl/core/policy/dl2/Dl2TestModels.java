package io.yarndl.core.policy.dl2;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * DL2 models for tests: the fixtures of {@code src/test/resources/dl2/} (written by
 * {@code onnx-models/trainer/make_test_fixtures.py}, whose docstring says what each does), the
 * shipped model's bytes, and models around a lambda {@link Dl2Network}.
 */
final class Dl2TestModels {

    /** The job types of the fixtures' cards and of {@link #of}'s card. */
    static final List<String> JOB_TYPES = List.of("resnet-50", "bert");

    private Dl2TestModels() {
    }

    /** The path of fixture {@code name} (e.g. {@code always-stop.onnx}); its card lies beside it. */
    static Path fixture(String name) {
        URL url = Dl2TestModels.class.getResource("/dl2/" + name);
        if (url == null) {
            throw new IllegalStateException("test fixture /dl2/" + name + " is missing: run "
                    + "onnx-models/trainer/make_test_fixtures.py");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Loads fixture {@code name} through the verifying loader. */
    static Dl2Model load(String name) {
        try {
            return ModelLoader.load(fixture(name));
        } catch (ModelRejectedException e) {
            throw new AssertionError("fixture " + name + " should load", e);
        }
    }

    /** A valid card for a model file of {@code sha256}. */
    static ModelCard card(String id, String sha256) {
        return new ModelCard(ModelCard.FORMAT, id, ModelCard.Layout.current(JOB_TYPES),
                new ModelCard.ModelFile(id + ".onnx", sha256), null, null);
    }

    /** A model around {@code network}, as if loaded from {@code test:<id>}. */
    static Dl2Model of(String id, Dl2Network network) {
        return new Dl2Model(network, card(id, "0123456789abcdef0123"), "test:" + id);
    }

    /** The bytes of {@link ModelLoader#SHIPPED_RESOURCE} or of its card. */
    static byte[] shipped(String suffix) {
        String name = ModelLoader.SHIPPED_RESOURCE.replace(".onnx", suffix);
        try (InputStream in = Dl2TestModels.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("classpath resource " + name + " is missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@link Dl2Events} that remember what they heard. */
    static final class RecordingEvents implements Dl2Events {
        final List<Dl2Model> served = new ArrayList<>();
        final List<String> fallbacks = new ArrayList<>();
        final List<Long> inferenceNanos = new ArrayList<>();

        @Override
        public void inferred(long nanos) {
            inferenceNanos.add(nanos);
        }

        @Override
        public void serving(Dl2Model model) {
            served.add(model);
        }

        @Override
        public void fellBack(String reason) {
            fallbacks.add(reason);
        }
    }
}
