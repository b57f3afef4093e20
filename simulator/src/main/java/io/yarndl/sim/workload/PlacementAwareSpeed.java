package io.yarndl.sim.workload;

import io.yarndl.core.policy.optimus.SpeedModel;
import java.util.Objects;

/**
 * A ground-truth speed with two curves: one for a job whose tasks all sit on one node
 * ({@code colocated}) and one for a job spread over several ({@code spread}), each an Optimus-style
 * {@link SpeedModel} with coefficients fitted to measurements (see {@link JobTypeCatalog}):
 *
 * <pre>  speed(w, p, nodes) = spread(w, p)                          if nodes > 1
 *  speed(w, p, 1)     = max(colocated(w, p), spread(w, p))</pre>
 *
 * The max encodes a physical fact the fits cannot promise everywhere: moving a job's traffic from
 * the network onto one machine's memory bus never slows it. It matters only where a fitted
 * single-node curve is extrapolated past the measurements (Pollux measured at most 4 GPUs on
 * one node); for parameter-server types the colocated curve is the spread one with cheaper
 * communication, so it is already the larger. Immutable.
 */
public record PlacementAwareSpeed(SpeedModel spread, SpeedModel colocated) implements TrueSpeed {

    public PlacementAwareSpeed {
        Objects.requireNonNull(spread, "spread");
        Objects.requireNonNull(colocated, "colocated");
    }

    @Override
    public double stepsPerSecond(int workers, int ps, int nodesSpanned) {
        if (workers < 1) {
            return 0.0;
        }
        double spreadSpeed = spread.stepsPerSecond(workers, ps);
        return nodesSpanned <= 1 ? Math.max(spreadSpeed, colocated.stepsPerSecond(workers, ps)) : spreadSpeed;
    }
}
