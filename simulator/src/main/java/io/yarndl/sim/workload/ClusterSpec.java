package io.yarndl.sim.workload;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import java.util.ArrayList;
import java.util.List;

/**
 * A homogeneous simulated cluster: {@code nodes} machines of {@code perNode} capacity, grouped
 * into racks of {@code nodesPerRack}.
 */
public record ClusterSpec(int nodes, Resources perNode, int nodesPerRack, String acceleratorType) {

    public ClusterSpec {
        if (nodes < 1 || nodesPerRack < 1) {
            throw new IllegalArgumentException("cluster needs at least one node and one node per rack");
        }
    }

    /** A snapshot with every node fully available (the simulator's jobs are all the policy's). */
    public ClusterSnapshot snapshot(double timeSec) {
        List<Node> list = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            list.add(new Node(String.format("node-%04d", i), "/rack-" + (i / nodesPerRack), acceleratorType,
                    perNode, perNode));
        }
        return new ClusterSnapshot(timeSec, list);
    }

    public Resources total() {
        return perNode.times(nodes);
    }
}
