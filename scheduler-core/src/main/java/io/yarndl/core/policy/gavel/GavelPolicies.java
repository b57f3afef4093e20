package io.yarndl.core.policy.gavel;

import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.throughput.ThroughputProfile;
import io.yarndl.core.throughput.TypeThroughputs;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Gavel's policies as yarn-dl ships them, by name ({@link GavelObjectives}): rounds of
 * {@link GavelPolicy#DEFAULT_ROUND_SEC}, speeds per type from samples and Gavel's measured profile
 * ({@link ThroughputProfile#gavel()}), nodes within the chosen type by packing or a given placement.
 */
public final class GavelPolicies {

    private GavelPolicies() {
    }

    /** A factory per {@code gavel-*} name, each building a policy with fresh round state. */
    public static Map<String, Supplier<SchedulingPolicy>> standard() {
        return withRound(GavelPolicy.DEFAULT_ROUND_SEC);
    }

    /** As {@link #standard()}, with rounds of {@code roundSec}. */
    public static Map<String, Supplier<SchedulingPolicy>> withRound(double roundSec) {
        return withRound(roundSec, PackingPlacement::new);
    }

    /** As {@link #withRound(double)}, nodes within the chosen type from a strategy of {@code placement}. */
    public static Map<String, Supplier<SchedulingPolicy>> withRound(double roundSec,
                                                                     Supplier<PlacementStrategy> placement) {
        Map<String, Supplier<SchedulingPolicy>> factories = new LinkedHashMap<>();
        for (String name : GavelObjectives.names()) {
            factories.put(name, () -> new GavelPolicy(GavelObjectives.objective(name),
                    new TypeThroughputs(ThroughputProfile.gavel()), roundSec, placement.get()));
        }
        return factories;
    }
}
