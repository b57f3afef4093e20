package io.yarndl.sim.engine;

/**
 * What the simulator's ground truth makes of where a job runs, beyond how many nodes it spans (see
 * docs/placement.md, "The simulator's ground truth of placement"):
 *
 * @param exactLayout        a job whose type was measured at its exact placement (Sia's
 *                           {@code placements-*.csv}, e.g. {@code "13"} against {@code "22"}) runs
 *                           at that measurement, not at the mean of the placements of its node and
 *                           worker counts
 * @param crossRackFactor    how many times longer a job's network time (its step time across nodes
 *                           minus its step time on one node) takes when its nodes sit in more than one
 *                           rack; 1 = racks do not matter
 * @param serverInterference the share of Gavel's measured loss from sharing a GPU that a job loses
 *                           beside another job on the same server, each on its own GPUs; 0 = neighbours
 *                           do not matter
 */
public record PlacementTruth(boolean exactLayout, double crossRackFactor, double serverInterference) {

    /** The ground truth before placements mattered: only the count of nodes a job spans. */
    public static final PlacementTruth NODES_ONLY = new PlacementTruth(false, 1, 0);

    /** The default cross-rack factor of {@link #measured()}: a 2:1 oversubscribed spine. */
    public static final double DEFAULT_CROSS_RACK_FACTOR = 2.0;

    /** The default server interference of {@link #measured()}: half of what sharing the GPU costs. */
    public static final double DEFAULT_SERVER_INTERFERENCE = 0.5;

    public PlacementTruth {
        if (!(crossRackFactor >= 1) || Double.isInfinite(crossRackFactor)) {
            throw new IllegalArgumentException("the cross-rack factor must be at least 1, got " + crossRackFactor);
        }
        if (!(serverInterference >= 0 && serverInterference <= 1)) {
            throw new IllegalArgumentException("the server interference must be within [0, 1], got "
                    + serverInterference);
        }
    }

    /** Exact layouts, racks and neighbours, at the documented defaults. */
    public static PlacementTruth measured() {
        return new PlacementTruth(true, DEFAULT_CROSS_RACK_FACTOR, DEFAULT_SERVER_INTERFERENCE);
    }

    /** True when anything beyond the count of nodes matters. */
    public boolean placementMatters() {
        return exactLayout || crossRackFactor > 1 || serverInterference > 0;
    }
}
