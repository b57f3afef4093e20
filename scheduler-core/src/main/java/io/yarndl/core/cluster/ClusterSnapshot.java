package io.yarndl.core.cluster;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The cluster at one instant, as a policy sees it: its nodes in a stable order and, where the
 * driver shares the cluster with other work under queue limits, how much each queue's jobs may
 * hold in total. Immutable.
 *
 * <p>{@code queueRooms} is empty in the simulator: every node's {@link Node#available()} is the
 * policy's. In the ResourceManager it holds, per DL leaf queue, what CapacityScheduler would let
 * that queue's jobs hold now (its guaranteed share, elastic up to its maximum capacity while the
 * cluster has room, less what the queue's non-DL work holds): a plan whose jobs of queue {@code q}
 * together hold more than {@code queueRooms.get(q)} asks for containers CapacityScheduler will not
 * grant. A policy that plans one queue at a time sees a snapshot with that queue's room alone
 * ({@link io.yarndl.core.policy.PerQueuePolicy}).
 *
 * @param timeSec    seconds since an epoch the driver chooses (simulated time, or wall time in the RM)
 * @param nodes      the nodes, in the order placement strategies break ties by
 * @param queueRooms by queue path, the most that queue's jobs may hold across all nodes; empty when
 *                   no queue limits the policy. In the order queues are planned in.
 */
public record ClusterSnapshot(double timeSec, List<Node> nodes, Map<String, Resources> queueRooms) {

    public ClusterSnapshot {
        nodes = List.copyOf(nodes);
        Map<String, Node> seen = new LinkedHashMap<>();
        for (Node node : nodes) {
            if (seen.put(node.id(), node) != null) {
                throw new IllegalArgumentException("duplicate node id " + node.id());
            }
        }
        Map<String, Resources> rooms = new LinkedHashMap<>();
        Objects.requireNonNull(queueRooms, "queueRooms").forEach((queue, room) ->
                rooms.put(Objects.requireNonNull(queue, "queue"), Objects.requireNonNull(room, "room").atLeastZero()));
        queueRooms = Collections.unmodifiableMap(rooms);
    }

    /** A snapshot whose nodes' available resources are all the policy's: no queue limits it. */
    public ClusterSnapshot(double timeSec, List<Node> nodes) {
        this(timeSec, nodes, Map.of());
    }

    /** Sum of all nodes' capacities: the denominator of dominant shares. */
    public Resources totalCapacity() {
        Resources total = Resources.ZERO;
        for (Node node : nodes) {
            total = total.plus(node.capacity());
        }
        return total;
    }

    /**
     * What the policy may divide in all: the sum of the nodes' available resources, and never more
     * than the queues' rooms together.
     */
    public Resources totalAvailable() {
        Resources total = Resources.ZERO;
        for (Node node : nodes) {
            total = total.plus(node.available());
        }
        if (queueRooms.isEmpty()) {
            return total;
        }
        Resources rooms = Resources.ZERO;
        for (Resources room : queueRooms.values()) {
            rooms = rooms.plus(room);
        }
        return total.min(rooms);
    }

    /** Whether queue rooms limit the plan (in the ResourceManager; never in the simulator). */
    public boolean limitsQueues() {
        return !queueRooms.isEmpty();
    }

    public Map<String, Node> nodesById() {
        Map<String, Node> byId = new LinkedHashMap<>();
        for (Node node : nodes) {
            byId.put(node.id(), node);
        }
        return Collections.unmodifiableMap(byId);
    }
}
