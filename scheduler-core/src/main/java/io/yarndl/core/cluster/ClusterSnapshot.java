package io.yarndl.core.cluster;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster at one instant, as a policy sees it: its nodes in a stable order. Immutable.
 *
 * @param timeSec seconds since an epoch the driver chooses (simulated time, or wall time in the RM)
 * @param nodes   the nodes, in the order placement strategies break ties by
 */
public record ClusterSnapshot(double timeSec, List<Node> nodes) {

    public ClusterSnapshot {
        nodes = List.copyOf(nodes);
        Map<String, Node> seen = new LinkedHashMap<>();
        for (Node node : nodes) {
            if (seen.put(node.id(), node) != null) {
                throw new IllegalArgumentException("duplicate node id " + node.id());
            }
        }
    }

    /** Sum of all nodes' capacities: the denominator of dominant shares. */
    public Resources totalCapacity() {
        Resources total = Resources.ZERO;
        for (Node node : nodes) {
            total = total.plus(node.capacity());
        }
        return total;
    }

    /** Sum of what the policy may divide across all nodes. */
    public Resources totalAvailable() {
        Resources total = Resources.ZERO;
        for (Node node : nodes) {
            total = total.plus(node.available());
        }
        return total;
    }

    public Map<String, Node> nodesById() {
        Map<String, Node> byId = new LinkedHashMap<>();
        for (Node node : nodes) {
            byId.put(node.id(), node);
        }
        return Collections.unmodifiableMap(byId);
    }
}
