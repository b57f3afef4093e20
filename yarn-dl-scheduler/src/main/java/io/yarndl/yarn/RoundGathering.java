package io.yarndl.yarn;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.GpuTypeReader;
import io.yarndl.yarn.round.NodeReading;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerNode;

/**
 * Reads what one round plans on, in one pass over the nodes: each node once, room and containers
 * together ({@link NodeReading}), then the DL jobs with the containers of those same readings, then
 * the DL queues' rooms from them. Nothing here reads a job's containers from its attempt: an
 * attempt's list and a node's room are updated under different locks, so reading one and then the
 * other saw a container granted in between on one side only, and the policy planned a shrink the
 * next round took back.
 */
final class RoundGathering {

    /** What the DL queues' jobs may hold, by queue path, given the round's readings ({@link RmQueueRooms}). */
    @FunctionalInterface
    interface QueueRoomReader {
        Map<String, Resources> read(List<NodeReading> nodes, List<DlJobState> jobs);
    }

    /**
     * One round's inputs.
     *
     * @param nodes the node readings the snapshot divides
     * @param jobs  the DL jobs, holding the task containers of {@code nodes}
     * @param rooms each DL queue's room, empty when the queues could not be read
     */
    record Inputs(List<NodeReading> nodes, List<DlJobState> jobs, Map<String, Resources> rooms) {

        /** The GPU type of each node that has one, by node name, in the readings' order. */
        Map<String, String> gpuTypes() {
            Map<String, String> types = new LinkedHashMap<>();
            for (NodeReading node : nodes) {
                if (!Node.UNKNOWN_GPU_TYPE.equals(node.gpuType())) {
                    types.put(node.name(), node.gpuType());
                }
            }
            return types;
        }
    }

    private final RmJobCollector collector;
    private final QueueRoomReader queueRooms;
    private final GpuTypeReader gpuTypes;

    /** Node GPU types read by the default settings (tests). */
    RoundGathering(RmJobCollector collector, QueueRoomReader queueRooms) {
        this(collector, queueRooms, GpuTypeReader.defaults());
    }

    RoundGathering(RmJobCollector collector, QueueRoomReader queueRooms, GpuTypeReader gpuTypes) {
        this.collector = collector;
        this.queueRooms = queueRooms;
        this.gpuTypes = gpuTypes;
    }

    Inputs read(Collection<? extends SchedulerNode> nodes, Collection<DlApplication> applications,
                Optional<JobRecordWatcher> records) {
        List<NodeReading> readings = NodeReading.ofAll(nodes, gpuTypes.forOneRound());
        List<DlJobState> jobs = collector.collect(List.copyOf(applications), records,
                NodeReading.tasksByAttempt(readings));
        return new Inputs(readings, jobs, queueRooms.read(readings, jobs));
    }
}
