package io.yarndl.core.placement.marl;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import java.util.function.IntPredicate;

/**
 * Where the {@code marl} placement puts a job's parameter servers once its workers have nodes: on
 * the job's own nodes first, one at a time round the nodes with room, so server traffic stays
 * beside the workers; then on the eligible nodes with the most free, one each.
 */
final class ServerPlacement {

    private ServerPlacement() {
    }

    /** Adds the request's servers to {@code shares}; false when some server finds no node. */
    static boolean place(NodeLedger ledger, PlacementRequest request, IntPredicate eligible, JobShares shares) {
        int remaining = request.tasks().ps();
        Resources demand = request.psDemand();
        IntPredicate allowed = demand.gpus() > 0 ? eligible : node -> true;
        boolean placedOne = true;
        while (remaining > 0 && placedOne) {
            placedOne = false;
            for (int node : shares.nodeIndices()) {
                if (remaining > 0 && allowed.test(node) && demand.fitsIn(shares.freeOn(ledger, node))) {
                    shares.addPs(node, 1);
                    remaining--;
                    placedOne = true;
                }
            }
        }
        var byFree = ledger.byMostFree();
        while (remaining > 0 && byFree.hasNext()) {
            int node = byFree.nextInt();
            if (allowed.test(node) && demand.fitsIn(shares.freeOn(ledger, node))) {
                shares.addPs(node, 1);
                remaining--;
            }
        }
        return remaining == 0;
    }
}
