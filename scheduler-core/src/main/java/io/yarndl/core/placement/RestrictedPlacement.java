package io.yarndl.core.placement;

import io.yarndl.core.job.Allocation;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * A placement strategy written as a rule that can be confined to some of the ledger's nodes, so
 * that rules compose without copying one another: {@link #place} confines the rule to the nodes of
 * one GPU type ({@link GpuTypeChoice}), and topology-aware placement confines packing to a few
 * racks.
 */
public interface RestrictedPlacement extends PlacementStrategy {

    /**
     * Places {@code request} on nodes {@code eligible} accepts (by ledger index) and no others. The
     * request has at least one task, and its total demand fits in {@link NodeLedger#totalFree()}
     * ({@link GpuTypeChoice#place} checks both before it calls), so a placement that fits on its
     * nodes also fits in the queue's room. All-or-nothing, as {@link PlacementStrategy#place}: on
     * success the placement is already reserved in {@code ledger}; on failure the ledger is unchanged.
     */
    Optional<Allocation> placeOn(NodeLedger ledger, PlacementRequest request, IntPredicate eligible);

    /** The rule on the nodes of one GPU type, chosen by {@link GpuTypeChoice#place}. */
    @Override
    default Optional<Allocation> place(NodeLedger ledger, PlacementRequest request) {
        return GpuTypeChoice.place(ledger, request, this);
    }
}
