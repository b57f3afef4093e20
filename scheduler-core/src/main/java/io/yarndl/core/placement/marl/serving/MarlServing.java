package io.yarndl.core.placement.marl.serving;

import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.policy.dl2.ModelRejectedException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a driver's {@code marl} placements get their model and whom they tell about it: one model
 * source (a configured file, else the shipped model), loaded once for every placement built from it,
 * and the driver's {@link MarlEvents}. Thread-safe: parallel simulations may share one.
 */
public final class MarlServing {

    /**
     * The shipped model, told to no one: for callers that configure nothing (the plain registries,
     * tests). The RM and the simulator's commands build their own, with events that log and warn.
     */
    public static final MarlServing SHIPPED_UNREPORTED = new MarlServing(OnceLoadedMarlModel.shipped(), MarlEvents.NONE);

    private final OnceLoadedMarlModel source;
    private final MarlEvents events;

    public MarlServing(OnceLoadedMarlModel source, MarlEvents events) {
        this.source = Objects.requireNonNull(source, "source");
        this.events = Objects.requireNonNull(events, "events");
    }

    /** The model of {@code file} (with its card beside it), or the shipped one when empty. */
    public static MarlServing of(Optional<Path> file, MarlEvents events) {
        return new MarlServing(OnceLoadedMarlModel.of(file), events);
    }

    /**
     * A new {@code marl} placement serving the model, or falling back to interference-aware with the
     * loader's reason. Never throws: even ONNX Runtime failing to load its native library on this
     * host is a fallback, not a driver that cannot start.
     */
    public PlacementStrategy newPlacement() {
        try {
            return ServedMarlPlacement.serving(source.load(), events);
        } catch (ModelRejectedException e) {
            return ServedMarlPlacement.fallingBack(e.getMessage(), events);
        } catch (RuntimeException | LinkageError e) {
            return ServedMarlPlacement.fallingBack("ONNX Runtime cannot run marl model " + source.describe()
                    + " on this host: " + e, events);
        }
    }

    /** Where the model comes from, for messages. */
    public String describe() {
        return source.describe();
    }
}
