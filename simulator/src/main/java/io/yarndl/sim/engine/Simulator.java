package io.yarndl.sim.engine;

import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.util.Iterator;
import java.util.function.Consumer;

/** Discrete-event simulator (engine under construction). */
public final class Simulator {

    private final ClusterSpec cluster;
    private final SimConfig config;

    public Simulator(ClusterSpec cluster, SimConfig config) {
        this.cluster = cluster;
        this.config = config;
    }

    /**
     * Replays {@code trace} (sorted by arrival) under {@code policy}; every finished job goes to
     * {@code outcomes} as it finishes.
     */
    public SimulationResult run(SchedulingPolicy policy, Iterator<TraceJob> trace, Consumer<JobOutcome> outcomes) {
        throw new UnsupportedOperationException("simulator engine not built yet: " + cluster + config + policy + trace
                + outcomes);
    }
}
