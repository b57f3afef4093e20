package io.yarndl.sim.workload;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A simulated cluster: groups of alike nodes ({@link NodeGroup}), each group one GPU type, the
 * nodes numbered group after group and put into racks of {@code nodesPerRack} in that order.
 * A homogeneous cluster is one group whose nodes are called {@code node-0000}, {@code node-0001},
 * ...; the nodes of a cluster given by its groups carry their type, {@code v100-0000}, numbered
 * per type, so that a placement in a job's outcome shows which GPUs it ran on.
 *
 * @param groups       the node groups, in the order their nodes are numbered and racked
 * @param nodesPerRack nodes per rack, at least 1
 * @param naming       how its nodes are named
 */
public record ClusterSpec(List<NodeGroup> groups, int nodesPerRack, NodeNaming naming) {

    /** How a cluster's node ids read. */
    public enum NodeNaming {
        /** {@code node-0000}, {@code node-0001}, ... over the whole cluster: a homogeneous cluster's. */
        NUMBERED,
        /** {@code <type>-0000} per GPU type in lower case, e.g. {@code v100-0003}. */
        BY_TYPE
    }

    public ClusterSpec {
        Objects.requireNonNull(naming, "naming");
        groups = List.copyOf(groups);
        if (groups.isEmpty() || nodesPerRack < 1) {
            throw new IllegalArgumentException("cluster needs at least one node and one node per rack");
        }
    }

    /** A homogeneous cluster: {@code nodes} machines of {@code perNode} capacity and one GPU type. */
    public ClusterSpec(int nodes, Resources perNode, int nodesPerRack, String acceleratorType) {
        this(List.of(homogeneousGroup(nodes, perNode, acceleratorType)), nodesPerRack, NodeNaming.NUMBERED);
    }

    /** A cluster of these groups, its nodes named by type. */
    public static ClusterSpec ofGroups(List<NodeGroup> groups, int nodesPerRack) {
        return new ClusterSpec(groups, nodesPerRack, NodeNaming.BY_TYPE);
    }

    /** A snapshot with every node fully available (the simulator's jobs are all the policy's). */
    public ClusterSnapshot snapshot(double timeSec) {
        List<Node> list = new ArrayList<>(nodes());
        Map<String, Integer> perType = new HashMap<>();
        for (NodeGroup group : groups) {
            for (int i = 0; i < group.nodes(); i++) {
                int index = list.size();
                String id = naming == NodeNaming.NUMBERED ? String.format(Locale.ROOT, "node-%04d", index)
                        : String.format(Locale.ROOT, "%s-%04d", group.gpuType().toLowerCase(Locale.ROOT),
                                perType.merge(group.gpuType(), 1, Integer::sum) - 1);
                list.add(new Node(id, "/rack-" + (index / nodesPerRack), group.gpuType(), group.perNode(),
                        group.perNode()));
            }
        }
        return new ClusterSnapshot(timeSec, list);
    }

    /** Nodes in all groups. */
    public int nodes() {
        return groups.stream().mapToInt(NodeGroup::nodes).sum();
    }

    /** Everything the cluster has. */
    public Resources total() {
        Resources sum = Resources.ZERO;
        for (NodeGroup group : groups) {
            sum = sum.plus(group.total());
        }
        return sum;
    }

    /** The GPU types of its nodes, each once, in group order. */
    public List<String> gpuTypes() {
        return groups.stream().map(NodeGroup::gpuType).distinct().toList();
    }

    /** Everything the nodes of {@code gpuType} have together ({@link Resources#ZERO} for a type it lacks). */
    public Resources totalOf(String gpuType) {
        Resources sum = Resources.ZERO;
        for (NodeGroup group : groups) {
            if (group.gpuType().equals(gpuType)) {
                sum = sum.plus(group.total());
            }
        }
        return sum;
    }

    /** The most GPUs one node of {@code gpuType} has, and that node's capacity; null for a type it lacks. */
    public Resources largestNodeOf(String gpuType) {
        Resources largest = null;
        for (NodeGroup group : groups) {
            if (group.gpuType().equals(gpuType) && (largest == null || group.perNode().gpus() > largest.gpus())) {
                largest = group.perNode();
            }
        }
        return largest;
    }

    /**
     * Its shape in words: {@code 4 nodes x 8 GPUs} for a homogeneous cluster, otherwise its groups
     * by type as nodes x GPUs and the GPUs in all, {@code V100 9x4 + K80 9x4 nodes (72 GPUs)}.
     */
    public String describe() {
        if (naming == NodeNaming.NUMBERED && groups.size() == 1) {
            return groups.get(0).nodes() + " nodes x " + groups.get(0).perNode().gpus() + " GPUs";
        }
        return groups.stream().map(g -> g.gpuType() + " " + g.nodes() + "x" + g.perNode().gpus())
                .collect(Collectors.joining(" + ", "", " nodes (" + total().gpus() + " GPUs)"));
    }

    private static NodeGroup homogeneousGroup(int nodes, Resources perNode, String acceleratorType) {
        if (nodes < 1) {
            throw new IllegalArgumentException("cluster needs at least one node and one node per rack");
        }
        // A blank type was allowed before clusters had groups: it reads as "not said".
        String type = acceleratorType == null || acceleratorType.isBlank() ? Node.UNKNOWN_GPU_TYPE : acceleratorType;
        return new NodeGroup(type, nodes, perNode);
    }
}
