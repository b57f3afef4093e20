package io.yarndl.core.placement.topology;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.placement.GpuTypeChoice;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.RestrictedPlacement;
import io.yarndl.core.placement.packing.PackingPlacement;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * Topology-aware placement: a job on the fewest racks, then on the fewest nodes within them, its
 * parameter servers beside its workers. Traffic that crosses racks goes through the oversubscribed
 * links above the top-of-rack switches, so a rack boundary costs more than a node boundary, which
 * is what packing alone minimises.
 *
 * <p>The racks of the job's eligible nodes are ranked by free GPUs, then free size, most first
 * ({@link RackOrder}). Each try below is packing ({@link PackingPlacement}) confined to some racks'
 * nodes, so within them the job takes the fewest nodes with even shares of workers and servers,
 * and, with at least as many workers as servers, every node it uses holds a worker. First the job
 * is tried on every rack alone, and of those that hold it the one where it takes the fewest nodes
 * wins, ties to the higher rank. Only when no rack holds it alone is it tried on the first r racks
 * together, for r = 2, 3, ..., the first that works winning; so a job placed on racks that
 * together hold it spans at least two of them. Trying every rack alone, rather than only the
 * first, keeps a job that fits in one rack in one rack even when a rack ranked before it has more
 * GPUs free but scattered over nodes too small for the job's shares. The last try, all racks, is
 * packing on every eligible node, so this strategy places every job packing places. A try is
 * skipped when its racks' free total is smaller than the job's demand.
 *
 * <p>A job's GPU tasks stay on one GPU type, chosen as packing chooses it ({@link GpuTypeChoice}).
 *
 * <p>Cost per call, for n nodes in r racks: O(n + r log r) to rank the racks, then at most 2r - 1
 * packing tries, each one walk down the ledger's order (O(n) at worst, since it passes over the
 * nodes of other racks) plus packing's fit checks; a try that succeeds on one rack is reserved and
 * given back, O(k log n) for k nodes. The rack-alone tries stop early at a one-node placement,
 * which none can beat; otherwise a job that fits in one rack costs r tries.
 */
public final class TopologyAwarePlacement implements RestrictedPlacement {

    public static final String NAME = "topology-aware";

    private final PackingPlacement packing = new PackingPlacement();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<Allocation> placeOn(NodeLedger ledger, PlacementRequest request, IntPredicate eligible) {
        RackOrder racks = RackOrder.of(ledger, eligible);
        Optional<Allocation> inOneRack = fewestNodesInOneRack(ledger, request, racks);
        if (inOneRack.isPresent()) {
            return inOneRack;
        }
        Resources firstRacksFree = racks.count() > 0 ? racks.free(0) : Resources.ZERO;
        for (int within = 2; within <= racks.count(); within++) {
            firstRacksFree = firstRacksFree.plus(racks.free(within - 1));
            int count = within;
            Optional<Allocation> placed = tryRacks(ledger, request, firstRacksFree,
                    node -> racks.rankOf(node) >= 0 && racks.rankOf(node) < count);
            if (placed.isPresent()) {
                return placed;
            }
        }
        return Optional.empty();
    }

    /**
     * Of the placements of the job on one rack alone, the one on the fewest nodes, ties to the
     * higher-ranked rack; reserved in the ledger. Each try is given back before the next, so no
     * try is refused for the queue room an earlier one held.
     */
    private Optional<Allocation> fewestNodesInOneRack(NodeLedger ledger, PlacementRequest request, RackOrder racks) {
        Allocation best = null;
        for (int rack = 0; rack < racks.count() && (best == null || best.nodeCount() > 1); rack++) {
            int only = rack;
            Optional<Allocation> placed = tryRacks(ledger, request, racks.free(rack),
                    node -> racks.rankOf(node) == only);
            if (placed.isPresent()) {
                ledger.release(placed.get(), request.workerDemand(), request.psDemand(), request.modelFamily());
                if (best == null || placed.get().nodeCount() < best.nodeCount()) {
                    best = placed.get();
                }
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        ledger.reserve(best, request.workerDemand(), request.psDemand(), request.modelFamily());
        return Optional.of(best);
    }

    /** Packs the job on the nodes {@code inRacks} accepts, unless they plainly lack the room. */
    private Optional<Allocation> tryRacks(NodeLedger ledger, PlacementRequest request, Resources racksFree,
                                          IntPredicate inRacks) {
        if (!request.totalDemand().fitsIn(racksFree)) {
            return Optional.empty();
        }
        return packing.placeOn(ledger, request, inRacks);
    }
}
