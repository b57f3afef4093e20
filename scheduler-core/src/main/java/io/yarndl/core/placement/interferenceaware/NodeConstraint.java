package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.placement.NodeLedger;
import java.util.function.IntPredicate;

/**
 * Whether a share of a job's tasks may go on a node at all, as Fenzo's {@code ConstraintEvaluator}
 * decides for a task and a host: a hard rule, checked before any node is scored, never traded
 * against fitness ({@link NodeFitness}).
 */
@FunctionalInterface
interface NodeConstraint {

    /**
     * The node has {@code share} free, in every dimension: a node never holds more than it has, so
     * placing by this constraint never over-commits it.
     */
    NodeConstraint FITS_FREE = (ledger, node, share) -> share.fitsIn(ledger.free(node));

    /** True when {@code share} (the resources of the tasks to put there) may go on node {@code node}. */
    boolean admits(NodeLedger ledger, int node, Resources share);

    /** Only the nodes {@code eligible} accepts, by ledger index: e.g. those of the GPU type the job must run on. */
    static NodeConstraint among(IntPredicate eligible) {
        return (ledger, node, share) -> eligible.test(node);
    }

    /** This constraint and {@code other} both. */
    default NodeConstraint and(NodeConstraint other) {
        return (ledger, node, share) -> admits(ledger, node, share) && other.admits(ledger, node, share);
    }
}
