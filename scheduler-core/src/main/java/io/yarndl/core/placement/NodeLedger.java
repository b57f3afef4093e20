package io.yarndl.core.placement;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import java.util.List;
import java.util.Map;

/**
 * The free resources of every node while one plan is being made: a policy's private scratch pad,
 * charged as tasks are placed. Mutable and not thread-safe; never shared beyond one
 * {@code plan()} call.
 */
public final class NodeLedger {

    private final List<Node> nodes;
    private final Resources[] free;
    private final Map<String, Integer> indexById;
    private Resources totalFree;

    private NodeLedger(List<Node> nodes) {
        this.nodes = nodes;
        this.free = new Resources[nodes.size()];
        this.indexById = new java.util.HashMap<>(nodes.size() * 2);
        Resources total = Resources.ZERO;
        for (int i = 0; i < nodes.size(); i++) {
            free[i] = nodes.get(i).available();
            indexById.put(nodes.get(i).id(), i);
            total = total.plus(free[i]);
        }
        this.totalFree = total;
    }

    /** A ledger holding each node's available resources. */
    public static NodeLedger of(ClusterSnapshot snapshot) {
        return new NodeLedger(snapshot.nodes());
    }

    public int size() {
        return nodes.size();
    }

    public Node node(int index) {
        return nodes.get(index);
    }

    public Resources free(int index) {
        return free[index];
    }

    public Resources totalFree() {
        return totalFree;
    }

    /** Index of a node by id, or -1 when the snapshot has no such node. */
    public int indexOf(String nodeId) {
        Integer index = indexById.get(nodeId);
        return index == null ? -1 : index;
    }

    /** Takes {@code demand} from node {@code index}; fails if it does not fit there. */
    public void reserve(int index, Resources demand) {
        if (!demand.fitsIn(free[index])) {
            throw new IllegalStateException("node " + nodes.get(index).id() + " has " + free[index]
                    + " free, cannot reserve " + demand);
        }
        free[index] = free[index].minus(demand);
        totalFree = totalFree.minus(demand);
    }

    /** Charges a whole placement; nodes it names must exist and have room. */
    public void reserve(Allocation placement, Resources workerDemand, Resources psDemand) {
        for (Map.Entry<String, TaskCount> entry : placement.byNode().entrySet()) {
            int index = indexOf(entry.getKey());
            if (index < 0) {
                throw new IllegalStateException("placement names unknown node " + entry.getKey());
            }
            reserve(index, demandOf(entry.getValue(), workerDemand, psDemand));
        }
    }

    /** Gives back what {@link #reserve(Allocation, Resources, Resources)} took. */
    public void release(Allocation placement, Resources workerDemand, Resources psDemand) {
        for (Map.Entry<String, TaskCount> entry : placement.byNode().entrySet()) {
            int index = indexOf(entry.getKey());
            Resources demand = demandOf(entry.getValue(), workerDemand, psDemand);
            free[index] = free[index].plus(demand);
            totalFree = totalFree.plus(demand);
        }
    }

    /** True when every task of {@code placement} would fit on its node now. */
    public boolean fits(Allocation placement, Resources workerDemand, Resources psDemand) {
        for (Map.Entry<String, TaskCount> entry : placement.byNode().entrySet()) {
            int index = indexOf(entry.getKey());
            if (index < 0 || !demandOf(entry.getValue(), workerDemand, psDemand).fitsIn(free[index])) {
                return false;
            }
        }
        return true;
    }

    static Resources demandOf(TaskCount count, Resources workerDemand, Resources psDemand) {
        return workerDemand.times(count.workers()).plus(psDemand.times(count.ps()));
    }
}
