package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainerState;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerNode;

/**
 * One node as a round reads it, at one instant: its capacity, the room nobody holds, and the
 * containers that hold the rest. A round derives both the DL jobs' containers and each node's
 * divisible room from these readings, so they always agree: reading a job's containers first and
 * the node's room later counted a container granted in between as neither the job's nor free, and
 * the policy planned a shrink that the next round undid.
 *
 * @param name        the scheduler's name for the node
 * @param rack        its rack
 * @param gpuType     its GPU type as {@link GpuTypeReader} read it, {@link Node#UNKNOWN_GPU_TYPE} where nothing says
 * @param capacity    its total resources
 * @param unallocated what no container holds
 * @param containers  its containers (every application's, AMs included)
 */
public record NodeReading(String name, String rack, String gpuType, Resources capacity, Resources unallocated,
                          List<Container> containers) {

    /**
     * A container on the node.
     *
     * @param containerId YARN's container id
     * @param attemptId   the application attempt it belongs to
     * @param amContainer whether it runs that attempt's ApplicationMaster
     * @param role        worker or parameter server, by the priority it was asked at
     * @param resources   what it holds
     */
    public record Container(String containerId, String attemptId, boolean amContainer, TaskRole role,
                            Resources resources) {

        public Container {
            Objects.requireNonNull(containerId, "containerId");
            Objects.requireNonNull(attemptId, "attemptId");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(resources, "resources");
        }

        /** This container as the task of a job running on {@code node}. */
        public HeldTask asTask(String node) {
            return new HeldTask(containerId, node, role, resources);
        }
    }

    public NodeReading {
        Objects.requireNonNull(name, "name");
        gpuType = gpuType == null || gpuType.isBlank() ? Node.UNKNOWN_GPU_TYPE : gpuType;
        Objects.requireNonNull(capacity, "capacity");
        Objects.requireNonNull(unallocated, "unallocated");
        containers = List.copyOf(containers);
    }

    /**
     * Reads {@code node} under its own lock, the one Hadoop's {@code SchedulerNode} takes to
     * allocate or release a container and to change its room: what is held and what is free come
     * from the same instant.
     *
     * <p>A container that has ended (killed, released, completed) but that the node still lists
     * counts as free room: CapacityScheduler marks the container ended first and gives its room
     * back to the node a moment later, outside this lock. Left out of both, its room vanished for
     * a round, and the policy planned a shrink that the next round took back.
     *
     * @param gpuTypes reads the node's GPU type from its attributes, id and partition
     */
    public static NodeReading of(SchedulerNode node, GpuTypeReader gpuTypes) {
        Resources total;
        Resources unallocated;
        List<RMContainer> running;
        synchronized (node) {
            // Converted here: the node hands out its live Resource objects, which change under later grants.
            total = YarnResources.toCore(node.getTotalResource());
            unallocated = YarnResources.toCore(node.getUnallocatedResource());
            running = node.getCopiedListOfRunningContainers();
        }
        List<Container> containers = new ArrayList<>(running.size());
        for (RMContainer container : running) {
            Resources resources = YarnResources.toCore(container.getAllocatedResource());
            if (isOver(container.getState())) {
                unallocated = unallocated.plus(resources);
            } else {
                containers.add(new Container(container.getContainerId().toString(),
                        container.getApplicationAttemptId().toString(), container.isAMContainer(),
                        TaskRole.ofPriority(container.getAllocatedSchedulerKey().getPriority().getPriority()),
                        resources));
            }
        }
        String gpuType = gpuTypes.typeOf(node.getNodeAttributes(), node.getNodeID(), node.getPartition());
        return new NodeReading(node.getNodeName(), node.getRackName(), gpuType, total, unallocated, containers);
    }

    /**
     * The task containers (not ApplicationMasters) of every attempt on {@code nodes}, by attempt id:
     * what a round gives each DL job, from the same readings its snapshot divides.
     */
    public static Map<String, List<HeldTask>> tasksByAttempt(Collection<NodeReading> nodes) {
        Map<String, List<HeldTask>> tasks = new HashMap<>();
        for (NodeReading node : nodes) {
            for (Container container : node.containers()) {
                if (!container.amContainer()) {
                    tasks.computeIfAbsent(container.attemptId(), id -> new ArrayList<>()).add(container.asTask(node.name()));
                }
            }
        }
        return tasks;
    }

    /** Each of {@code nodes} read by {@link #of}, their GPU types by the default settings. */
    public static List<NodeReading> ofAll(Collection<? extends SchedulerNode> nodes) {
        return ofAll(nodes, GpuTypeReader.defaults());
    }

    /** Each of {@code nodes} read by {@link #of}. */
    public static List<NodeReading> ofAll(Collection<? extends SchedulerNode> nodes, GpuTypeReader gpuTypes) {
        List<NodeReading> readings = new ArrayList<>(nodes.size());
        for (SchedulerNode node : nodes) {
            readings.add(of(node, gpuTypes));
        }
        return readings;
    }

    /** Containers that have ended but are still listed until the node lets them go. */
    public static boolean isOver(RMContainerState state) {
        return state == RMContainerState.COMPLETED || state == RMContainerState.KILLED
                || state == RMContainerState.RELEASED || state == RMContainerState.EXPIRED;
    }
}
