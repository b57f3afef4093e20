package io.yarndl.yarn.round;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link ClusterSnapshot} a policy divides from the round's {@link NodeReading}s. What a
 * policy may divide on a node is what nobody holds plus what the round's deep-learning jobs' workers
 * and parameter servers hold there (the policy re-decides those every round); what non-DL
 * applications and ApplicationMasters hold is not the policy's and is left out.
 *
 * <p>Each DL queue's room, what CapacityScheduler would let its jobs hold ({@link QueueRooms}), goes
 * with the nodes: the policy divides within both. Each node's GPU type is what its reading says
 * ({@link GpuTypeReader}).
 *
 * <p>The jobs' containers must come from the same readings ({@link NodeReading#tasksByAttempt}):
 * then a container is counted either free or held by a job, never lost between two reads.
 */
public final class ClusterSnapshotBuilder {

    /** A snapshot no queue limits (tests). */
    public ClusterSnapshot build(double timeSec, Collection<NodeReading> nodes, List<DlJobState> jobs) {
        return build(timeSec, nodes, jobs, Map.of());
    }

    /** A snapshot whose DL queues may hold at most {@code queueRooms} ({@link QueueRooms}). */
    public ClusterSnapshot build(double timeSec, Collection<NodeReading> nodes, List<DlJobState> jobs,
                                 Map<String, Resources> queueRooms) {
        Map<String, Resources> heldByDl = new HashMap<>();
        for (DlJobState job : jobs) {
            for (HeldTask task : job.tasks()) {
                heldByDl.merge(task.nodeName(), task.resources(), Resources::plus);
            }
        }
        List<Node> result = new ArrayList<>(nodes.size());
        for (NodeReading node : nodes) {
            Resources capacity = node.capacity();
            Resources free = node.unallocated().plus(heldByDl.getOrDefault(node.name(), Resources.ZERO));
            result.add(new Node(node.name(), node.rack(), node.gpuType(), capacity, clamp(free, capacity)));
        }
        result.sort(Comparator.comparing(Node::id));
        return new ClusterSnapshot(timeSec, result, queueRooms);
    }

    // A node whose capacity shrank under running containers reports negative free resources.
    private static Resources clamp(Resources free, Resources capacity) {
        return new Resources(
                Math.max(0, Math.min(free.gpus(), capacity.gpus())),
                Math.max(0, Math.min(free.vcores(), capacity.vcores())),
                Math.max(0, Math.min(free.memoryMb(), capacity.memoryMb())));
    }
}
