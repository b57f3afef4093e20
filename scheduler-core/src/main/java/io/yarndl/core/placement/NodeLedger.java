package io.yarndl.core.placement;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PrimitiveIterator;
import java.util.TreeSet;

/**
 * The free resources of every node while one plan is being made: a policy's private scratch pad,
 * charged as tasks are placed. Mutable and not thread-safe; never shared beyond one
 * {@code plan()} call.
 *
 * <p>It can also list nodes by how much they have free ({@link #byMostFree()}), for packing
 * placement (Optimus §5.1). The size of a node's free vector is the sum, over GPUs, vcores and
 * memory, of its free amount divided by the cluster's total capacity in that dimension (the
 * normalisation YARN's DominantResourceCalculator uses); dimensions the cluster lacks count zero.
 *
 * <p>It also knows who sits where ({@link #tenants()}): the model family and GPUs of every job
 * reserved by the {@code reserve} and {@code release} methods that take a family, so an
 * interference-aware placement can see a node's neighbours. Every strategy and every policy that
 * keeps a job where it runs reserves a job's tasks with its family, whether or not it reads the
 * tenants, so they are complete for whichever strategy does; the methods that take no family
 * charge resources only (a Gavel guest on its host's GPUs, which holds none of its own).
 *
 * <p>Its total free is the snapshot's {@link ClusterSnapshot#totalAvailable()}, which queue rooms
 * may make smaller than the nodes' sum: then a placement fits only when it fits both on its nodes
 * and in that total, so every policy that places through a ledger keeps within the queue's room.
 */
public final class NodeLedger {

    private final List<Node> nodes;
    private final Resources[] free;
    private final Map<String, Integer> indexById;
    private Resources totalFree;
    /** Built on the first {@link #byMostFree()} call, so ledgers that never ask pay nothing. */
    private TreeSet<Integer> byFreeDescending;
    private double[] freeSize;
    private final double[] sizeScale;
    /** Free GPUs by GPU type, in the order the types first appear among the nodes. */
    private final Map<String, Long> freeGpusByType = new java.util.LinkedHashMap<>();
    private final NodeTenants tenants;

    private NodeLedger(List<Node> nodes, Resources room) {
        this.nodes = nodes;
        this.free = new Resources[nodes.size()];
        this.indexById = new java.util.HashMap<>(nodes.size() * 2);
        this.tenants = new NodeTenants(nodes.size());
        Resources total = Resources.ZERO;
        for (int i = 0; i < nodes.size(); i++) {
            free[i] = nodes.get(i).available();
            indexById.put(nodes.get(i).id(), i);
            total = total.plus(free[i]);
            freeGpusByType.merge(nodes.get(i).acceleratorType(), (long) free[i].gpus(), Long::sum);
        }
        this.totalFree = total.min(room);
        Resources capacity = Resources.ZERO;
        for (Node node : nodes) {
            capacity = capacity.plus(node.capacity());
        }
        this.sizeScale = new double[] {inverse(capacity.gpus()), inverse(capacity.vcores()),
                inverse(capacity.memoryMb())};
    }

    private static double inverse(long total) {
        return total > 0 ? 1.0 / total : 0;
    }

    /** A ledger holding each node's available resources. */
    public static NodeLedger of(ClusterSnapshot snapshot) {
        return new NodeLedger(snapshot.nodes(), snapshot.totalAvailable());
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

    /** The GPU types of the nodes, in the order they first appear. */
    public List<String> gpuTypes() {
        return List.copyOf(freeGpusByType.keySet());
    }

    /** GPUs free now on the nodes of {@code type}; 0 for a type no node has. */
    public long freeGpus(String type) {
        return freeGpusByType.getOrDefault(type, 0L);
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
        if (!demand.fitsIn(totalFree)) {
            throw new IllegalStateException("the room left is " + totalFree + ", cannot reserve " + demand);
        }
        setFree(index, free[index].minus(demand));
        totalFree = totalFree.minus(demand);
    }

    /** Charges a whole placement when every task fits on its node now; otherwise changes nothing. */
    public boolean reserveIfFits(Allocation placement, Resources workerDemand, Resources psDemand) {
        if (!fits(placement, workerDemand, psDemand)) {
            return false;
        }
        reserve(placement, workerDemand, psDemand);
        return true;
    }

    /** The families holding GPUs on each node, as recorded by the reserves that name one. */
    public NodeTenants tenants() {
        return tenants;
    }

    /** As {@link #reserveIfFits(Allocation, Resources, Resources)}, recording the job's family as a tenant. */
    public boolean reserveIfFits(Allocation placement, Resources workerDemand, Resources psDemand, String family) {
        if (!fits(placement, workerDemand, psDemand)) {
            return false;
        }
        reserve(placement, workerDemand, psDemand, family);
        return true;
    }

    /**
     * As {@link #reserve(Allocation, Resources, Resources)}, and records the job, of model
     * {@code family}, as a tenant of each node for the GPUs its tasks hold there.
     */
    public void reserve(Allocation placement, Resources workerDemand, Resources psDemand, String family) {
        reserve(placement, workerDemand, psDemand);
        placement.byNode().forEach((id, share) ->
                tenants.add(indexOf(id), family, demandOf(share, workerDemand, psDemand).gpus()));
    }

    /** Gives back what {@link #reserve(Allocation, Resources, Resources, String)} took and recorded. */
    public void release(Allocation placement, Resources workerDemand, Resources psDemand, String family) {
        release(placement, workerDemand, psDemand);
        placement.byNode().forEach((id, share) ->
                tenants.remove(indexOf(id), family, demandOf(share, workerDemand, psDemand).gpus()));
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
            setFree(index, free[index].plus(demand));
            totalFree = totalFree.plus(demand);
        }
    }

    /** True when every task of {@code placement} would fit on its node now, and all of them in the room left. */
    public boolean fits(Allocation placement, Resources workerDemand, Resources psDemand) {
        Resources total = Resources.ZERO;
        for (Map.Entry<String, TaskCount> entry : placement.byNode().entrySet()) {
            int index = indexOf(entry.getKey());
            Resources demand = demandOf(entry.getValue(), workerDemand, psDemand);
            if (index < 0 || !demand.fitsIn(free[index])) {
                return false;
            }
            total = total.plus(demand);
        }
        return total.fitsIn(totalFree);
    }

    /**
     * Indices of the {@code limit} nodes with the most free resources (size as in the class
     * comment), largest first, ties in node order. Costs O(limit) after the first ordered call.
     */
    public int[] mostFree(int limit) {
        int[] indices = new int[Math.max(0, Math.min(limit, nodes.size()))];
        PrimitiveIterator.OfInt order = byMostFree();
        for (int i = 0; i < indices.length; i++) {
            indices[i] = order.nextInt();
        }
        return indices;
    }

    /**
     * Every node's index, most free resources first (size as in the class comment), ties in node
     * order. The first ordered call sorts the nodes once, O(n log n); after it each reserve or
     * release costs O(log n) more, so placing many jobs in one plan never re-sorts the cluster.
     * The iterator reads the live order: reserve or release only after it is done.
     */
    public PrimitiveIterator.OfInt byMostFree() {
        if (byFreeDescending == null) {
            indexBySize();
        }
        Iterator<Integer> order = byFreeDescending.iterator();
        return new PrimitiveIterator.OfInt() {
            @Override
            public boolean hasNext() {
                return order.hasNext();
            }

            @Override
            public int nextInt() {
                return order.next();
            }
        };
    }

    private void indexBySize() {
        freeSize = new double[nodes.size()];
        for (int i = 0; i < nodes.size(); i++) {
            freeSize[i] = sizeOf(free[i]);
        }
        byFreeDescending = new TreeSet<>((a, b) -> {
            int bySize = Double.compare(freeSize[b], freeSize[a]);
            return bySize != 0 ? bySize : Integer.compare(a, b);
        });
        for (int i = 0; i < nodes.size(); i++) {
            byFreeDescending.add(i);
        }
    }

    /** The size of node {@code index}'s free resources, the key of {@link #byMostFree()}. */
    public double freeSize(int index) {
        return sizeOf(free[index]);
    }

    /**
     * The size of any vector on the same scale as {@link #freeSize(int)}. It is monotone: a demand
     * that fits in a node's free resources is never larger than them, so a walk down
     * {@link #byMostFree()} may stop at the first node smaller than what it looks for.
     */
    public double sizeOf(Resources resources) {
        return resources.gpus() * sizeScale[0] + resources.vcores() * sizeScale[1]
                + resources.memoryMb() * sizeScale[2];
    }

    private void setFree(int index, Resources value) {
        freeGpusByType.merge(nodes.get(index).acceleratorType(), (long) value.gpus() - free[index].gpus(), Long::sum);
        if (byFreeDescending == null) {
            free[index] = value;
            return;
        }
        // Out of the set before its key changes, or the tree could not find it again.
        byFreeDescending.remove(index);
        free[index] = value;
        freeSize[index] = sizeOf(value);
        byFreeDescending.add(index);
    }

    static Resources demandOf(TaskCount count, Resources workerDemand, Resources psDemand) {
        return workerDemand.times(count.workers()).plus(psDemand.times(count.ps()));
    }
}
