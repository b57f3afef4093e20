package io.yarndl.core.placement.marl.serving;

import io.yarndl.core.policy.dl2.ModelRejectedException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code marl} model source that loads at most once and then hands out the same
 * {@link MarlModel} (or the same rejection) to every placement a driver creates: ONNX sessions hold
 * native memory, and a file checked once need not be read again for each new placement. Mirrors
 * DL2's {@link io.yarndl.core.policy.dl2.OnceLoadedModel}. Thread-safe.
 */
public final class OnceLoadedMarlModel {

    /** How a model is found: a file, the shipped resource, or one loaded already. */
    @FunctionalInterface
    public interface Loader {
        MarlModel load() throws ModelRejectedException;
    }

    private final Loader loader;
    private final String description;
    private MarlModel model;
    private ModelRejectedException rejection;
    private boolean loaded;

    /**
     * @param loader      how to load it
     * @param description where it comes from, for messages
     */
    public OnceLoadedMarlModel(Loader loader, String description) {
        this.loader = Objects.requireNonNull(loader, "loader");
        this.description = Objects.requireNonNull(description, "description");
    }

    /** The model shipped in yarn-dl's jar. */
    public static OnceLoadedMarlModel shipped() {
        return new OnceLoadedMarlModel(MarlModelLoader::loadShipped, "classpath:" + MarlModelLoader.SHIPPED_RESOURCE);
    }

    /** The model at {@code onnx}, with its card beside it. */
    public static OnceLoadedMarlModel file(Path onnx) {
        Objects.requireNonNull(onnx, "onnx");
        return new OnceLoadedMarlModel(() -> MarlModelLoader.load(onnx), onnx.toString());
    }

    /** The configured file, or the shipped model when none is. */
    public static OnceLoadedMarlModel of(Optional<Path> onnx) {
        return onnx.map(OnceLoadedMarlModel::file).orElseGet(OnceLoadedMarlModel::shipped);
    }

    /** The model, loaded on the first call; the same rejection on every call when it cannot serve. */
    public synchronized MarlModel load() throws ModelRejectedException {
        if (!loaded) {
            try {
                model = loader.load();
            } catch (ModelRejectedException e) {
                rejection = e;
            }
            loaded = true;
        }
        if (rejection != null) {
            throw rejection;
        }
        return model;
    }

    /** Where the model comes from, for messages. */
    public String describe() {
        return description;
    }
}
