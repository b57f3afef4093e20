package io.yarndl.core.policy;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.policy.dl2.Dl2Events;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.core.policy.dl2.OnceLoadedModel;
import io.yarndl.core.policy.drf.DrfPolicy;
import io.yarndl.core.policy.fifo.FifoPolicy;
import io.yarndl.core.policy.gavel.GavelObjectives;
import io.yarndl.core.policy.gavel.GavelPolicies;
import io.yarndl.core.policy.gavel.GavelPolicy;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.core.policy.pollux.PolluxPolicy;
import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaPolicy;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdPolicy;
import io.yarndl.core.policy.smd.SmdSettings;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Builds scheduling policies by name, the names operators write in configuration and on the
 * simulator's command line. An unknown name fails with a message that lists the known ones.
 */
public final class PolicyRegistry {

    private final Map<String, Supplier<SchedulingPolicy>> factories = new TreeMap<>();
    /** Names taken out, and why: asking for one says so instead of "unknown". */
    private final Map<String, String> withdrawn = new TreeMap<>();

    /** The policies yarn-dl ships, {@code dl2} with the model shipped in the jar, placing by packing. */
    public static PolicyRegistry standard() {
        return standard(PlacementStrategies.DEFAULT);
    }

    /** As {@link #standard()}, every policy placing with the strategy called {@code placement}. */
    public static PolicyRegistry standard(String placement) {
        OnceLoadedModel shipped = OnceLoadedModel.shipped();
        return standard(strategy -> Dl2Policy.load(shipped, Dl2Events.NONE, strategy), GavelPolicy.DEFAULT_ROUND_SEC,
                PlacementStrategies.named(placement));
    }

    /**
     * The policies yarn-dl ships, {@code dl2} made by {@code dl2} (a configured model, a driver's
     * events), every policy placing by packing (dl2 as {@code dl2} places).
     */
    public static PolicyRegistry standard(Supplier<SchedulingPolicy> dl2) {
        return standard(placement -> dl2.get(), GavelPolicy.DEFAULT_ROUND_SEC,
                PlacementStrategies.named(PlacementStrategies.DEFAULT));
    }

    /**
     * The policies yarn-dl ships: {@code dl2} made by {@code dl2} for a placement, Gavel's with rounds
     * of {@code gavelRoundSec} (a driver's setting), and every policy putting its sizes on nodes with
     * a strategy of its own from {@code placement}.
     */
    public static PolicyRegistry standard(Function<PlacementStrategy, SchedulingPolicy> dl2, double gavelRoundSec,
                                          Supplier<PlacementStrategy> placement) {
        return standard(dl2, gavelRoundSec, placement, SmdSettings.DEFAULT);
    }

    /** As {@link #standard(Function, double, Supplier)}, with SMD's knobs {@code smd} (a driver's settings). */
    public static PolicyRegistry standard(Function<PlacementStrategy, SchedulingPolicy> dl2, double gavelRoundSec,
                                          Supplier<PlacementStrategy> placement, SmdSettings smd) {
        return standard(dl2, gavelRoundSec, placement, smd, PolluxSettings.DEFAULT, SiaSettings.DEFAULT);
    }

    /**
     * As {@link #standard(Function, double, Supplier, SmdSettings)}, with the goodput policies' knobs
     * {@code pollux} and {@code sia}.
     */
    public static PolicyRegistry standard(Function<PlacementStrategy, SchedulingPolicy> dl2, double gavelRoundSec,
                                          Supplier<PlacementStrategy> placement, SmdSettings smd,
                                          PolluxSettings pollux, SiaSettings sia) {
        return standard(dl2, gavelRoundSec, placement, smd, pollux, sia, ResizeSettings.DEFAULT);
    }

    /**
     * As {@link #standard(Function, double, Supplier, SmdSettings, PolluxSettings, SiaSettings)}, the
     * policies that forecast a job's remaining time ({@code optimus}, {@code smd}) charging resizes as
     * {@code resize} says (a driver's settings; docs/resize-cost.md).
     */
    public static PolicyRegistry standard(Function<PlacementStrategy, SchedulingPolicy> dl2, double gavelRoundSec,
                                          Supplier<PlacementStrategy> placement, SmdSettings smd,
                                          PolluxSettings pollux, SiaSettings sia, ResizeSettings resize) {
        return new PolicyRegistry()
                .register(FifoPolicy.NAME, () -> new FifoPolicy(placement.get()))
                .register(DrfPolicy.NAME, () -> new DrfPolicy(placement.get()))
                .register(OptimusPolicy.NAME, () -> new OptimusPolicy(placement.get(), resize))
                .register(Dl2Policy.NAME, () -> dl2.apply(placement.get()))
                .register(SmdPolicy.NAME, () -> new SmdPolicy(placement.get(), smd, resize))
                .register(PolluxPolicy.NAME, () -> new PolluxPolicy(placement.get(), pollux))
                .register(SiaPolicy.NAME, () -> new SiaPolicy(placement.get(), sia))
                .registerAll(GavelPolicies.withRound(gavelRoundSec, placement));
    }

    /** Adds every policy of {@code factories} by its name. */
    public PolicyRegistry registerAll(Map<String, Supplier<SchedulingPolicy>> factories) {
        factories.forEach(this::register);
        return this;
    }

    /** Adds a policy under {@code name}; a name may be registered once. */
    public PolicyRegistry register(String name, Supplier<SchedulingPolicy> factory) {
        if (factories.putIfAbsent(name, factory) != null) {
            throw new IllegalArgumentException("policy '" + name + "' is already registered");
        }
        return this;
    }

    /**
     * Takes out the policies that put two jobs on the same GPUs (Gavel's {@code -packed} ones), for
     * a driver that gives each GPU to one job, as YARN gives each GPU to one container; asking for
     * one of them afterwards fails with this reason.
     */
    public PolicyRegistry withoutGpuSharing() {
        for (String name : List.copyOf(factories.keySet())) {
            if (GavelObjectives.sharesGpus(name)) {
                factories.remove(name);
                withdrawn.put(name, GPU_SHARING_REFUSED);
            }
        }
        return this;
    }

    /** Why {@link #withoutGpuSharing()} takes a policy out. */
    public static final String GPU_SHARING_REFUSED = "it puts two jobs on the same GPUs (Gavel's space sharing),"
            + " which the ResourceManager cannot do: YARN gives each GPU to one container; it runs in the simulator";

    /** Why {@code name} was taken out of this registry, if it was. */
    public Optional<String> whyWithdrawn(String name) {
        return Optional.ofNullable(withdrawn.get(name == null ? "" : name.trim()));
    }

    /** A new instance of the policy called {@code name}. */
    public SchedulingPolicy create(String name) {
        Supplier<SchedulingPolicy> factory = factories.get(name == null ? "" : name.trim());
        if (factory == null) {
            throw new UnknownPolicyException(String.valueOf(name), names(), whyWithdrawn(name).orElse(null));
        }
        return factory.get();
    }

    /** Known policy names, sorted. */
    public Set<String> names() {
        return Collections.unmodifiableSet(factories.keySet());
    }
}
