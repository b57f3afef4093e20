package io.yarndl.core.placement;

import io.yarndl.core.job.Allocation;
import java.util.Optional;

/**
 * Decides on which nodes a job's tasks go, separately from how many tasks it gets, so any
 * allocator can be paired with packing (Optimus), spreading, or topology- or interference-aware
 * placement.
 *
 * <p>Placement is all-or-nothing per job: either every requested task gets a node, and the ledger
 * is charged for them, or the ledger is left as it was and the answer is empty.
 */
public interface PlacementStrategy {

    /** The name it is known by, e.g. {@code packing}. */
    String name();

    /**
     * Places {@code request} on the ledger's free resources.
     *
     * @return the job's placement, already reserved in {@code ledger}; empty when it does not fit
     */
    Optional<Allocation> place(NodeLedger ledger, PlacementRequest request);
}
