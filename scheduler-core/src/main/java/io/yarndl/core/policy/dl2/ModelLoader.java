package io.yarndl.core.policy.dl2;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Loads a DL2 model and refuses it unless everything checks: the card beside it
 * ({@code <name>.json}) parses and has the {@link ModelCard#FORMAT}, its layout is this build's
 * {@link Dl2Layout}, the file's sha256 is the card's (ONNX Runtime has no checksum: corrupted
 * weights would otherwise load silently), ONNX Runtime loads it, and its input and output have the
 * layout's sizes.
 */
public final class ModelLoader {

    /** Where the shipped model sits on the classpath (copied from {@code onnx-models/} at build). */
    public static final String SHIPPED_RESOURCE = "/yarn-dl/dl2/dl2-default.onnx";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ModelLoader() {
    }

    /** Loads the model file {@code onnx} and the card beside it. */
    public static Dl2Model load(Path onnx) throws ModelRejectedException {
        byte[] model = read(onnx, "model file");
        Path cardPath = cardOf(onnx);
        byte[] card = read(cardPath, "model card");
        return verify(model, card, onnx.toString(), cardPath.toString());
    }

    /** Loads the model shipped inside yarn-dl's jar. */
    public static Dl2Model loadShipped() throws ModelRejectedException {
        String cardResource = SHIPPED_RESOURCE.replace(".onnx", ".json");
        byte[] model = resource(SHIPPED_RESOURCE);
        byte[] card = resource(cardResource);
        return verify(model, card, "classpath:" + SHIPPED_RESOURCE, "classpath:" + cardResource);
    }

    /** The card path for a model path: {@code x.onnx} to {@code x.json}. */
    public static Path cardOf(Path onnx) {
        String name = onnx.getFileName().toString();
        String stem = name.endsWith(".onnx") ? name.substring(0, name.length() - ".onnx".length()) : name;
        return onnx.resolveSibling(stem + ".json");
    }

    /** Reads a card; fails with the path and the parser's complaint. */
    public static ModelCard parseCard(byte[] card, String label) throws ModelRejectedException {
        return parseCard(card, label, ModelCard.class);
    }

    /**
     * Reads a card of any model's kind ({@code type}, a record whose constructor checks its fields),
     * leniently as to unknown fields; fails with the path and the parser's or constructor's complaint.
     */
    public static <T> T parseCard(byte[] card, String label, Class<T> type) throws ModelRejectedException {
        try {
            T parsed = JSON.readValue(card, type);
            if (parsed == null) {
                throw new ModelRejectedException("model card " + label + " is empty");
            }
            return parsed;
        } catch (ValueInstantiationException e) {
            // The card's own checks (a missing field): their message says more than Jackson's wrapper.
            String problem = e.getCause() != null && e.getCause().getMessage() != null
                    ? e.getCause().getMessage() : e.getOriginalMessage();
            throw new ModelRejectedException("model card " + label + " is not a valid card: " + problem, e);
        } catch (JsonProcessingException e) {
            throw new ModelRejectedException("model card " + label + " is not a valid card: "
                    + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new ModelRejectedException("model card " + label + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** Writes a card as the trainer and tests do: pretty JSON. */
    public static byte[] writeCard(ModelCard card) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(card);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write model card " + card.id(), e);
        }
    }

    /** Lower-case hex SHA-256 of {@code bytes}. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private static Dl2Model verify(byte[] model, byte[] cardBytes, String modelLabel, String cardLabel)
            throws ModelRejectedException {
        ModelCard card = parseCard(cardBytes, cardLabel);
        if (!ModelCard.FORMAT.equals(card.format())) {
            throw new ModelRejectedException("model card " + cardLabel + " has format '" + card.format()
                    + "'; this scheduler reads '" + ModelCard.FORMAT + "'");
        }
        ModelCard.Layout expected = ModelCard.Layout.current(card.layout().jobTypes());
        if (!expected.equals(card.layout())) {
            throw new ModelRejectedException("model card " + cardLabel + " declares feature layout " + card.layout()
                    + "; this scheduler encodes " + expected + " (retrain the model with this version's trainer)");
        }
        if (card.layout().jobTypes().size() > Dl2Layout.MAX_JOB_TYPES) {
            throw new ModelRejectedException("model card " + cardLabel + " lists " + card.layout().jobTypes().size()
                    + " job types; the layout has room for " + Dl2Layout.MAX_JOB_TYPES);
        }
        String actual = sha256(model);
        if (!actual.equalsIgnoreCase(card.model().sha256())) {
            throw new ModelRejectedException("model file " + modelLabel + " has sha256 " + actual + " but its card "
                    + cardLabel + " says " + card.model().sha256()
                    + ": the file is not the one the card describes (corrupt, truncated or replaced)");
        }
        return new Dl2Model(OnnxNetwork.load(model, modelLabel), card, modelLabel);
    }

    private static byte[] read(Path path, String what) throws ModelRejectedException {
        try {
            return Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            throw new ModelRejectedException(what + " " + path + " does not exist"
                    + (what.equals("model card") ? " (every DL2 model needs its card beside it: <name>.json)" : ""), e);
        } catch (IOException e) {
            throw new ModelRejectedException(what + " " + path + " cannot be read: " + e, e);
        }
    }

    private static byte[] resource(String name) throws ModelRejectedException {
        try (InputStream in = ModelLoader.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new ModelRejectedException("this build ships no DL2 model: classpath resource " + name
                        + " is missing (build with onnx-models/dl2-default.onnx present)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new ModelRejectedException("classpath resource " + name + " cannot be read: " + e, e);
        }
    }
}
