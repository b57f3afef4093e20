package io.yarndl.core.policy.pollux;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of nodes a goodput policy divides as one: the whole cluster for Pollux, which ignores GPU
 * types, or the nodes of one GPU type for Sia. It answers the two questions the goodput model needs
 * of a node: how many of a job's workers one holds (so that a size becomes a node count), and how
 * many the pool's free room holds in all.
 *
 * @param gpuType   the nodes' GPU type, or null for a pool of every type
 * @param nodes     its nodes, in the snapshot's order
 * @param available what the policy may divide on them
 * @param largest   the largest node's capacity, dimension by dimension
 */
public record GpuPool(String gpuType, List<Node> nodes, Resources available, Resources largest) {

    public GpuPool {
        nodes = List.copyOf(nodes);
    }

    /** Every node of the snapshot as one pool. */
    public static GpuPool whole(ClusterSnapshot snapshot) {
        return of(null, snapshot.nodes(), snapshot.totalAvailable());
    }

    /** One pool per GPU type, in the order types first appear among the nodes; each within the snapshot's room. */
    public static List<GpuPool> byType(ClusterSnapshot snapshot) {
        Map<String, List<Node>> byType = new LinkedHashMap<>();
        for (Node node : snapshot.nodes()) {
            byType.computeIfAbsent(node.acceleratorType(), t -> new ArrayList<>()).add(node);
        }
        Resources room = snapshot.totalAvailable();
        List<GpuPool> pools = new ArrayList<>(byType.size());
        byType.forEach((type, nodes) -> {
            Resources free = Resources.ZERO;
            for (Node node : nodes) {
                free = free.plus(node.available());
            }
            pools.add(of(type, nodes, free.min(room)));
        });
        return pools;
    }

    private static GpuPool of(String type, List<Node> nodes, Resources available) {
        int gpus = 0;
        int vcores = 0;
        long memory = 0;
        for (Node node : nodes) {
            gpus = Math.max(gpus, node.capacity().gpus());
            vcores = Math.max(vcores, node.capacity().vcores());
            memory = Math.max(memory, node.capacity().memoryMb());
        }
        return new GpuPool(type, nodes, available, Resources.of(gpus, vcores, memory));
    }

    /** How many workers of {@code demand} the largest node holds, at least 1. */
    public int workersPerNode(Resources demand) {
        return Math.max(1, largest.copiesOf(demand));
    }

    /** How many workers of {@code demand} the pool's free room holds in all (by its totals, not node by node). */
    public int workerSlots(Resources demand) {
        return available.copiesOf(demand);
    }

    /** The GPU type of the nodes {@code allocation} holds, or null where it holds none of the snapshot's. */
    public static String typeOf(Allocation allocation, Map<String, Node> nodesById) {
        for (String nodeId : allocation.byNode().keySet()) {
            Node node = nodesById.get(nodeId);
            if (node != null) {
                return node.acceleratorType();
            }
        }
        return null;
    }
}
