package io.yarndl.scale.nm;

import io.yarndl.scale.rm.IpRacks;
import io.yarndl.scale.run.HarnessMetrics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceTrackerService;

/**
 * The simulated NodeManagers of a run: node {@code i} is {@link IpRacks#host(int)}, port 8041. Each
 * heartbeats at a fixed rate, the nodes' first heartbeats spread evenly over one interval as real
 * NodeManagers started at different times are. AMs start and end containers through the fleet, by
 * the node the RM put them on.
 */
public final class NodeFleet {

    private static final int NM_PORT = 8041;

    private final List<SimulatedNode> nodes = new ArrayList<>();
    private final Map<NodeId, SimulatedNode> byId = new HashMap<>();
    private final HarnessMetrics metrics;

    public NodeFleet(int count, ResourceTrackerService tracker, HarnessMetrics metrics) {
        this.metrics = metrics;
        for (int i = 0; i < count; i++) {
            SimulatedNode node = new SimulatedNode(NodeId.newInstance(IpRacks.host(i), NM_PORT), tracker);
            nodes.add(node);
            byId.put(node.id(), node);
        }
    }

    public int size() {
        return nodes.size();
    }

    /** Registers every node, one after another. */
    public void register() throws Exception {
        for (SimulatedNode node : nodes) {
            node.register();
        }
    }

    /** Starts every node's heartbeats on {@code timer}, each {@code intervalMs} apart. */
    public void startHeartbeats(ScheduledExecutorService timer, long intervalMs) {
        long intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMs);
        for (int i = 0; i < nodes.size(); i++) {
            SimulatedNode node = nodes.get(i);
            long offset = intervalNanos * i / nodes.size();
            long[] due = {System.nanoTime() + offset};
            timer.scheduleAtFixedRate(() -> {
                long now = System.nanoTime();
                metrics.fired(due[0], now);
                due[0] += intervalNanos;
                node.heartbeat(metrics);
            }, offset, intervalNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** Its AM started {@code container} on the node the RM gave it. */
    public void start(Container container) {
        SimulatedNode node = byId.get(container.getNodeId());
        if (node == null) {
            metrics.error("container " + container.getId(),
                    new IllegalStateException("placed on unknown node " + container.getNodeId()));
            return;
        }
        node.start(container.getId());
    }

    /** {@code container}, on {@code node}, exited by itself with {@code exitStatus}. */
    public void exit(NodeId node, ContainerId container, int exitStatus) {
        SimulatedNode simulated = byId.get(node);
        if (simulated != null) {
            simulated.exit(container, exitStatus);
        }
    }
}
