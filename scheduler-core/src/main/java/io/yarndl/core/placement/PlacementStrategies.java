package io.yarndl.core.placement;

import io.yarndl.core.placement.interferenceaware.InterferenceAwarePlacement;
import io.yarndl.core.placement.marl.MarlPlacement;
import io.yarndl.core.placement.marl.serving.MarlServing;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.placement.spread.SpreadPlacement;
import io.yarndl.core.placement.topology.TopologyAwarePlacement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The placement strategies yarn-dl ships, by name: every allocation policy puts its sizes on nodes
 * with one of them ({@code yarn.dl.scheduler.placement} in the ResourceManager, {@code --placement}
 * in the simulator). A name gives a factory, so each policy instance gets a strategy of its own
 * (a strategy may keep state, as a learned one does).
 *
 * <p>{@code marl}, the learned one, serves a model: a driver names its source and whom to tell of a
 * fallback ({@link MarlServing}, {@link #named(String, MarlServing)}); {@link #named(String)} gives
 * it the shipped model and tells no one.
 */
public final class PlacementStrategies {

    /** The default: Optimus' packing, what every policy placed with before placements had names. */
    public static final String DEFAULT = PackingPlacement.NAME;

    /** Each name's strategy, given the model source a learned strategy serves from. */
    private static final Map<String, Function<MarlServing, PlacementStrategy>> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put(PackingPlacement.NAME, marl -> new PackingPlacement());
        BY_NAME.put(SpreadPlacement.NAME, marl -> new SpreadPlacement());
        BY_NAME.put(TopologyAwarePlacement.NAME, marl -> new TopologyAwarePlacement());
        BY_NAME.put(InterferenceAwarePlacement.NAME, marl -> new InterferenceAwarePlacement());
        BY_NAME.put(MarlPlacement.NAME, MarlServing::newPlacement);
    }

    private PlacementStrategies() {
    }

    /**
     * The factory of the strategy called {@code name}.
     *
     * @throws IllegalArgumentException naming the known strategies, for a name no strategy has
     */
    public static Supplier<PlacementStrategy> named(String name) {
        return named(name, MarlServing.SHIPPED_UNREPORTED);
    }

    /**
     * As {@link #named(String)}, {@code marl} serving from {@code marl}'s model and telling its events.
     *
     * @throws IllegalArgumentException naming the known strategies, for a name no strategy has
     */
    public static Supplier<PlacementStrategy> named(String name, MarlServing marl) {
        Objects.requireNonNull(marl, "marl");
        Function<MarlServing, PlacementStrategy> factory = BY_NAME.get(Objects.requireNonNull(name, "name").trim());
        if (factory == null) {
            throw new IllegalArgumentException("unknown placement '" + name + "'; known placements: "
                    + String.join(", ", names()));
        }
        return () -> factory.apply(marl);
    }

    /** Every name {@link #named} knows, the default first. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(BY_NAME.keySet());
    }
}
