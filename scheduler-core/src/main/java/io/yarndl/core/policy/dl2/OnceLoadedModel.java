package io.yarndl.core.policy.dl2;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A model source that loads at most once and then hands out the same {@link Dl2Model} (or the same
 * rejection) to every policy instance a driver creates: ONNX sessions hold native memory, and a
 * file checked once need not be read again for each new policy object.
 */
public final class OnceLoadedModel implements Dl2Policy.ModelSupplier {

    private final Dl2Policy.ModelSupplier loader;
    private Dl2Model model;
    private ModelRejectedException rejection;
    private boolean loaded;

    private OnceLoadedModel(Dl2Policy.ModelSupplier loader) {
        this.loader = loader;
    }

    /** The model shipped in yarn-dl's jar. */
    public static OnceLoadedModel shipped() {
        return new OnceLoadedModel(ModelLoader::loadShipped);
    }

    /** The model at {@code onnx}, with its card beside it. */
    public static OnceLoadedModel file(Path onnx) {
        Objects.requireNonNull(onnx, "onnx");
        return new OnceLoadedModel(() -> ModelLoader.load(onnx));
    }

    @Override
    public synchronized Dl2Model load() throws ModelRejectedException {
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
}
