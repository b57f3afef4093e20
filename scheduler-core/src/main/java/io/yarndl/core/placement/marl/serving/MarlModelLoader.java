package io.yarndl.core.placement.marl.serving;

import io.yarndl.core.placement.marl.OnnxCandidateScorer;
import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Loads a {@code marl} model and refuses it unless everything checks, as DL2's {@link ModelLoader}
 * does for its own: the card beside it ({@code <name>.json}) parses and has the
 * {@link MarlModelCard#FORMAT}, its layout is this build's {@link io.yarndl.core.placement.marl.MarlLayout},
 * the file's sha256 is the card's (ONNX Runtime has no checksum: corrupted weights would otherwise
 * load silently), ONNX Runtime loads it, and its input and output have the layout's shapes
 * ({@link OnnxCandidateScorer#load}). Every refusal names the file and what is wrong.
 */
public final class MarlModelLoader {

    /** Where the shipped model sits on the classpath (copied from {@code onnx-models/} at build). */
    public static final String SHIPPED_RESOURCE = "/yarn-dl/marl/marl-default.onnx";

    private MarlModelLoader() {
    }

    /** Loads the model file {@code onnx} and the card beside it. */
    public static MarlModel load(Path onnx) throws ModelRejectedException {
        byte[] model = read(onnx, "model file");
        Path cardPath = ModelLoader.cardOf(onnx);
        byte[] card = read(cardPath, "model card");
        return verify(model, card, onnx.toString(), cardPath.toString());
    }

    /**
     * Loads the model shipped inside yarn-dl's jar; a build without one (the network is not trained
     * yet) is a rejection, so {@code marl} falls back and says so.
     */
    public static MarlModel loadShipped() throws ModelRejectedException {
        if (MarlModelLoader.class.getResource(SHIPPED_RESOURCE) == null) {
            throw new ModelRejectedException("no marl model is shipped in this build: classpath resource "
                    + SHIPPED_RESOURCE + " is missing (build with onnx-models/marl-default.onnx and its card present,"
                    + " or configure a model file)");
        }
        return loadResource(SHIPPED_RESOURCE);
    }

    /** Loads a model and its card ({@code x.onnx}, {@code x.json}) from the classpath, e.g. a test fixture. */
    public static MarlModel loadResource(String onnxResource) throws ModelRejectedException {
        String cardResource = onnxResource.replaceAll("\\.onnx$", "") + ".json";
        byte[] model = resource(onnxResource);
        byte[] card = resource(cardResource);
        return verify(model, card, "classpath:" + onnxResource, "classpath:" + cardResource);
    }

    /**
     * Checks {@code model}'s bytes against its card's and loads it.
     *
     * @param modelLabel what to call the model in messages (its path)
     * @param cardLabel  what to call the card in messages (its path)
     */
    public static MarlModel verify(byte[] model, byte[] cardBytes, String modelLabel, String cardLabel)
            throws ModelRejectedException {
        MarlModelCard card = ModelLoader.parseCard(cardBytes, cardLabel, MarlModelCard.class);
        if (!MarlModelCard.FORMAT.equals(card.format())) {
            throw new ModelRejectedException("marl model card " + cardLabel + " has format '" + card.format()
                    + "'; this scheduler reads '" + MarlModelCard.FORMAT + "'");
        }
        MarlModelCard.Layout expected = MarlModelCard.Layout.current();
        if (!expected.equals(card.layout())) {
            throw new ModelRejectedException("marl model card " + cardLabel + " declares layout " + card.layout()
                    + "; this scheduler encodes " + expected + " (retrain the model with this version's trainer)");
        }
        String actual = ModelLoader.sha256(model);
        if (!actual.equalsIgnoreCase(card.model().sha256())) {
            throw new ModelRejectedException("marl model file " + modelLabel + " has sha256 " + actual
                    + " but its card " + cardLabel + " says " + card.model().sha256()
                    + ": the file is not the one the card describes (corrupt, truncated or replaced)");
        }
        return new MarlModel(OnnxCandidateScorer.load(model, modelLabel), card, modelLabel);
    }

    private static byte[] read(Path path, String what) throws ModelRejectedException {
        try {
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new ModelRejectedException("marl " + what + " " + path + " does not exist"
                    + (what.equals("model card") ? " (every marl model needs its card beside it: <name>.json)" : ""),
                    e);
        } catch (IOException e) {
            throw new ModelRejectedException("marl " + what + " " + path + " cannot be read: " + e, e);
        }
    }

    private static byte[] resource(String name) throws ModelRejectedException {
        try (InputStream in = MarlModelLoader.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new ModelRejectedException("marl model resource " + name + " is missing from the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new ModelRejectedException("classpath resource " + name + " cannot be read: " + e, e);
        }
    }
}
