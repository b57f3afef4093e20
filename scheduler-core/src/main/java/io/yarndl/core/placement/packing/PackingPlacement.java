package io.yarndl.core.placement.packing;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.PlacementStrategy;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Optimus' packing placement (Peng et al., "Optimus: An Efficient Dynamic Resource Scheduler for
 * Deep Learning Clusters", EuroSys'18, §5.1): put a job on as few nodes as possible, because
 * traffic between its workers and parameter servers that stays inside a node is cheap.
 *
 * <p>The nodes are ordered by free resources, largest first ({@link NodeLedger#mostFree(int)}:
 * free GPUs, vcores and memory, each divided by the cluster's total in that dimension, summed;
 * ties in node order). For k = 1, 2, ... the job's p parameter servers and w workers are spread
 * as evenly as possible over the first k nodes: every node gets {@code floor(p/k)} or
 * {@code ceil(p/k)} servers and {@code floor(w/k)} or {@code ceil(w/k)} workers. The
 * {@code p mod k} extra servers go to the largest nodes and the {@code w mod k} extra workers to
 * the nodes right after them (wrapping round), so no node holds more than one task above any
 * other. The first k at which every node has room wins. Beyond {@code k = max(p, w)} some node
 * would get no task, so larger k are never tried.
 *
 * <p>Cost per call: O(m^2) fit checks with {@code m = min(nodes, max(p, w))}, plus what the
 * ledger's ordered view costs; a job whose total demand exceeds the cluster's free total fails in
 * O(1).
 */
public final class PackingPlacement implements PlacementStrategy {

    public static final String NAME = "packing";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<Allocation> place(NodeLedger ledger, PlacementRequest request) {
        int workers = request.tasks().workers();
        int ps = request.tasks().ps();
        if (workers + ps == 0) {
            return Optional.of(Allocation.NONE);
        }
        if (!request.totalDemand().fitsIn(ledger.totalFree())) {
            return Optional.empty();
        }
        int[] candidates = ledger.mostFree(Math.max(workers, ps));
        for (int k = 1; k <= candidates.length; k++) {
            if (fitsOnFirst(k, candidates, ledger, request)) {
                return Optional.of(reserveOnFirst(k, candidates, ledger, request));
            }
        }
        return Optional.empty();
    }

    private static boolean fitsOnFirst(int k, int[] candidates, NodeLedger ledger, PlacementRequest request) {
        for (int position = 0; position < k; position++) {
            TaskCount share = shareAt(position, k, request.tasks());
            if (!fits(ledger.free(candidates[position]), share, request.workerDemand(), request.psDemand())) {
                return false;
            }
        }
        return true;
    }

    private static Allocation reserveOnFirst(int k, int[] candidates, NodeLedger ledger, PlacementRequest request) {
        Map<String, TaskCount> byNode = new TreeMap<>();
        for (int position = 0; position < k; position++) {
            TaskCount share = shareAt(position, k, request.tasks());
            byNode.put(ledger.node(candidates[position]).id(), share);
        }
        Allocation placement = new Allocation(byNode);
        ledger.reserve(placement, request.workerDemand(), request.psDemand());
        return placement;
    }

    /** The tasks the node at {@code position} of the first {@code k} gets. */
    static TaskCount shareAt(int position, int k, TaskCount tasks) {
        int extraPs = tasks.ps() % k;
        int ps = tasks.ps() / k + (position < extraPs ? 1 : 0);
        // Extra workers start where extra servers stop, so per-node task counts differ by at most one.
        int afterExtraPs = Math.floorMod(position - extraPs, k);
        int workers = tasks.workers() / k + (afterExtraPs < tasks.workers() % k ? 1 : 0);
        return new TaskCount(workers, ps);
    }

    /** Long arithmetic: many large tasks must not overflow into a false fit. */
    private static boolean fits(Resources free, TaskCount share, Resources workerDemand, Resources psDemand) {
        long w = share.workers();
        long p = share.ps();
        return w * workerDemand.gpus() + p * psDemand.gpus() <= free.gpus()
                && w * workerDemand.vcores() + p * psDemand.vcores() <= free.vcores()
                && w * workerDemand.memoryMb() + p * psDemand.memoryMb() <= free.memoryMb();
    }
}
