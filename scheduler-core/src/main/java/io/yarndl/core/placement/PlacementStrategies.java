package io.yarndl.core.placement;

import io.yarndl.core.placement.interferenceaware.InterferenceAwarePlacement;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.placement.spread.SpreadPlacement;
import io.yarndl.core.placement.topology.TopologyAwarePlacement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The placement strategies yarn-dl ships, by name: every allocation policy puts its sizes on nodes
 * with one of them ({@code yarn.dl.scheduler.placement} in the ResourceManager, {@code --placement}
 * in the simulator). A name gives a factory, so each policy instance gets a strategy of its own
 * (a strategy may keep state, as a learned one does).
 *
 * <p>{@code marl} (the multi-agent RL placement) is not built yet: asking for it fails here with
 * the list of the names that exist ({@code docs/placement.md}).
 */
public final class PlacementStrategies {

    /** The default: Optimus' packing, what every policy placed with before placements had names. */
    public static final String DEFAULT = PackingPlacement.NAME;

    private static final Map<String, Supplier<PlacementStrategy>> BY_NAME = new LinkedHashMap<>();

    static {
        BY_NAME.put(PackingPlacement.NAME, PackingPlacement::new);
        BY_NAME.put(SpreadPlacement.NAME, SpreadPlacement::new);
        BY_NAME.put(TopologyAwarePlacement.NAME, TopologyAwarePlacement::new);
        BY_NAME.put(InterferenceAwarePlacement.NAME, InterferenceAwarePlacement::new);
    }

    private PlacementStrategies() {
    }

    /**
     * The factory of the strategy called {@code name}.
     *
     * @throws IllegalArgumentException naming the known strategies, for a name no strategy has
     */
    public static Supplier<PlacementStrategy> named(String name) {
        Supplier<PlacementStrategy> factory = BY_NAME.get(Objects.requireNonNull(name, "name").trim());
        if (factory == null) {
            throw new IllegalArgumentException("unknown placement '" + name + "'; known placements: "
                    + String.join(", ", names()));
        }
        return factory;
    }

    /** Every name {@link #named} knows, the default first. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(BY_NAME.keySet());
    }
}
