package io.yarndl.core.placement.interferenceaware;

/**
 * The packing preference: how much of its speed on one node a synchronous job keeps on {@code k}
 * nodes, {@code 1 - SPREAD_COST * (1 - 1/k)}. With its tasks shared evenly over k nodes, about
 * {@code (k - 1) / k} of its all-reduce ring's or parameter-server exchange's traffic crosses a
 * node boundary, and a synchronous job is paced by that slowest link. {@link #SPREAD_COST} is the
 * share of its speed a job loses when all its traffic crosses nodes: 0.2, about what spreading
 * cost {@code drf}'s average JCT in the shipped simulation (18%, {@code docs/placement.md}).
 * Chosen, not fitted: it only has to rank, against the interference a node would cost, whether a
 * job is better on fewer nodes beside bad neighbours or on more nodes beside good ones.
 */
final class NodeCountFitness {

    /** The share of its speed a job loses when all its traffic crosses nodes. */
    static final double SPREAD_COST = 0.2;

    private NodeCountFitness() {
    }

    /** The fitness, in (0.8, 1], of a placement on {@code nodes} nodes; 1 for one node. */
    static double of(int nodes) {
        return 1 - SPREAD_COST * (1 - 1.0 / Math.max(1, nodes));
    }
}
