package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.placement.NodeLedger;

/**
 * How good a node is for one job, as Fenzo's {@code VMTaskFitnessCalculator} scores a host for a
 * task: a number from 0.0 (as bad as it gets) to 1.0 (nothing better), read before any of the
 * job's tasks are put there. Separate from whether the job may go there at all
 * ({@link NodeConstraint}).
 */
@FunctionalInterface
interface NodeFitness {

    /** Every node alike: what a job the fitness has nothing to say about sees. */
    NodeFitness NEUTRAL = (ledger, node) -> 1.0;

    /** The fitness of node {@code node} (a ledger index) for the job, in [0, 1]. */
    double of(NodeLedger ledger, int node);
}
