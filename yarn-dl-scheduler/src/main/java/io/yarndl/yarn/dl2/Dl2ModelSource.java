package io.yarndl.yarn.dl2;

import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.dl2.Dl2Events;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.core.policy.dl2.OnceLoadedModel;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the scheduler's {@code dl2} policies get their model: the file of
 * {@code yarn.dl.scheduler.dl2.model}, or the model shipped in the jar when none is configured.
 * The model is loaded once and shared by every policy instance built from this source (a fresh
 * one after a policy overran its timeout, say), until {@link #reload()}: the next instance then
 * reads the file again.
 *
 * <p>A model replaced by a reload is not closed: a policy thread abandoned after a timeout may
 * still be running it, and closing an ONNX Runtime session under a running call would take the
 * RM down. Its native memory (about the size of the model) stays until the RM restarts.
 */
public final class Dl2ModelSource {

    private final Optional<Path> file;
    private final Dl2Events events;
    private volatile OnceLoadedModel model;

    /**
     * @param file   the configured model file; empty for the shipped model
     * @param events told, by each policy built, whether its model serves or why it falls back
     */
    public Dl2ModelSource(Optional<Path> file, Dl2Events events) {
        this.file = Objects.requireNonNull(file, "file");
        this.events = Objects.requireNonNull(events, "events");
        this.model = fresh();
    }

    /**
     * A new {@code dl2} policy serving the current model, or falling back to {@code optimus} with
     * the loader's reason. Never throws: even ONNX Runtime failing to load its native library on
     * this host is a fallback, not a scheduler that cannot start.
     */
    public SchedulingPolicy newPolicy() {
        return newPolicy(new PackingPlacement());
    }

    /** As {@link #newPolicy()}, its sizes (and its fallback's) put on nodes by {@code placement}. */
    public SchedulingPolicy newPolicy(PlacementStrategy placement) {
        try {
            return Dl2Policy.load(model, events, placement);
        } catch (RuntimeException | LinkageError e) {
            return Dl2Policy.fallingBack("ONNX Runtime cannot run model " + describe() + " on this host: " + e,
                    events, placement);
        }
    }

    /** Forgets the loaded model: the next {@link #newPolicy()} reads the file (and its card) again. */
    public void reload() {
        model = fresh();
    }

    /** The model file, or where the shipped model lies, for messages. */
    public String describe() {
        return file.map(Path::toString).orElse("classpath:" + ModelLoader.SHIPPED_RESOURCE);
    }

    private OnceLoadedModel fresh() {
        return file.map(OnceLoadedModel::file).orElseGet(OnceLoadedModel::shipped);
    }
}
