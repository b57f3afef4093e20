package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.placement.NodeLedger;
import java.util.HashSet;
import java.util.Set;

/**
 * The rack preference, as {@link NodeCountFitness} is the packing one: how much of its speed in one
 * rack a synchronous job keeps on {@code r} racks, {@code 1 - RACK_COST * (1 - 1/r)}. With its
 * tasks shared evenly over r racks, about {@code (r - 1) / r} of its traffic crosses the spine.
 * {@link #RACK_COST} is 0.4, twice {@link NodeCountFitness#SPREAD_COST}: racks joined through a 2:1
 * oversubscribed spine give a flow half the bandwidth it has inside a rack, so traffic that crosses
 * racks takes about twice as long as traffic that only crosses nodes (the simulator's
 * {@code --cross-rack-factor} 2 states the same choice). Chosen, not fitted, like the node cost:
 * it only has to rank a job kept in one rack beside slightly worse neighbours above one spread over
 * racks beside slightly better ones, and below one beside a neighbour that would cost it most of
 * its speed.
 */
public final class RackCountFitness {

    /** The share of its speed a job loses when all its traffic crosses racks. */
    static final double RACK_COST = 0.4;

    private RackCountFitness() {
    }

    /** The fitness, in (0.6, 1], of a placement on {@code racks} racks; 1 for one rack. */
    public static double of(int racks) {
        return 1 - RACK_COST * (1 - 1.0 / Math.max(1, racks));
    }

    /** The fitness of a placement on the nodes {@code nodes} (ledger indices), by their racks' names. */
    static double ofNodes(NodeLedger ledger, int[] nodes) {
        Set<String> racks = new HashSet<>();
        for (int node : nodes) {
            racks.add(ledger.node(node).rack());
        }
        return of(racks.size());
    }
}
