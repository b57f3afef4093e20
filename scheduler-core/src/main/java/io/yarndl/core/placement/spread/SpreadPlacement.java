package io.yarndl.core.placement.spread;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.GpuTypeChoice;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.RestrictedPlacement;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * Spreading placement, the opposite of packing: a job's tasks go on as many distinct nodes as
 * possible, so each task has a node's network link and memory bandwidth to itself and shares its
 * node with as few of the job's other tasks as possible. It is the baseline against which
 * packing's saving in traffic and the cost of interference inside a node are measured.
 *
 * <p>The tasks, workers first and then parameter servers, are dealt round the usable nodes (those
 * with room for at least one of the job's tasks) in the ledger's order, most free first
 * ({@link NodeLedger#byMostFree()}): one task per node per round, a node without room for the next
 * task passed over in that round. A second round, in the same order, starts only when the job has
 * more tasks than the first round could place. The servers carry on the deal where the workers
 * stopped, so they too get nodes of their own while there are nodes enough. A round that places
 * nothing means the next task fits nowhere, now or later: the job fails and the ledger is left
 * untouched.
 *
 * <p>A job's GPU tasks stay on one GPU type, chosen as packing chooses it ({@link GpuTypeChoice}).
 *
 * <p>Cost per call: one walk down the ledger's order, O(n) for n nodes, stopping at the first node
 * too small for any of the job's tasks, then one fit check per usable node per round. With at least
 * as many usable nodes as tasks that is a single round; at worst (every round places one task) it
 * is one round per task.
 */
public final class SpreadPlacement implements RestrictedPlacement {

    public static final String NAME = "spread";

    private static final TaskCount ONE_WORKER = new TaskCount(1, 0);
    private static final TaskCount ONE_PS = new TaskCount(0, 1);

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<Allocation> placeOn(NodeLedger ledger, PlacementRequest request, IntPredicate eligible) {
        int[] nodes = usableNodes(ledger, request, eligible);
        // What each usable node has left while the deal goes on; the ledger is charged only at the end.
        Resources[] left = new Resources[nodes.length];
        TaskCount[] shares = new TaskCount[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            left[i] = ledger.free(nodes[i]);
            shares[i] = TaskCount.NONE;
        }
        int workers = request.tasks().workers();
        int tasks = request.tasks().tasks();
        int dealt = 0;
        while (dealt < tasks) {
            int dealtBefore = dealt;
            for (int i = 0; i < nodes.length && dealt < tasks; i++) {
                boolean worker = dealt < workers;
                Resources demand = worker ? request.workerDemand() : request.psDemand();
                if (demand.fitsIn(left[i])) {
                    left[i] = left[i].minus(demand);
                    shares[i] = shares[i].plus(worker ? ONE_WORKER : ONE_PS);
                    dealt++;
                }
            }
            if (dealt == dealtBefore) {
                return Optional.empty();
            }
        }
        return Optional.of(reserve(ledger, request, nodes, shares));
    }

    /** Eligible nodes with room for at least one of the job's tasks, most free first. */
    private static int[] usableNodes(NodeLedger ledger, PlacementRequest request, IntPredicate eligible) {
        TaskCount tasks = request.tasks();
        boolean hasWorkers = tasks.workers() > 0;
        boolean hasPs = tasks.ps() > 0;
        double smallestTask = Math.min(hasWorkers ? ledger.sizeOf(request.workerDemand()) : Double.MAX_VALUE,
                hasPs ? ledger.sizeOf(request.psDemand()) : Double.MAX_VALUE);
        int[] usable = new int[16];
        int count = 0;
        PrimitiveIterator.OfInt order = ledger.byMostFree();
        while (order.hasNext()) {
            int node = order.nextInt();
            // Sizes only fall along the order, and a node smaller than a task cannot hold it.
            if (ledger.freeSize(node) < smallestTask) {
                break;
            }
            Resources free = ledger.free(node);
            boolean holdsOne = hasWorkers && request.workerDemand().fitsIn(free)
                    || hasPs && request.psDemand().fitsIn(free);
            if (holdsOne && eligible.test(node)) {
                if (count == usable.length) {
                    usable = Arrays.copyOf(usable, count * 2);
                }
                usable[count++] = node;
            }
        }
        return Arrays.copyOf(usable, count);
    }

    private static Allocation reserve(NodeLedger ledger, PlacementRequest request, int[] nodes, TaskCount[] shares) {
        Map<String, TaskCount> byNode = new TreeMap<>();
        for (int i = 0; i < nodes.length; i++) {
            // Nodes the deal passed over hold no task; Allocation leaves them out.
            byNode.put(ledger.node(nodes[i]).id(), shares[i]);
        }
        Allocation placement = new Allocation(byNode);
        ledger.reserve(placement, request.workerDemand(), request.psDemand(), request.modelFamily());
        return placement;
    }
}
