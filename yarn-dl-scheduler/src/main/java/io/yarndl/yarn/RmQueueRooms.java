package io.yarndl.yarn;

import io.yarndl.core.cluster.Resources;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.NodeReading;
import io.yarndl.yarn.round.QueueReading;
import io.yarndl.yarn.round.QueueRooms;

import java.util.List;
import java.util.Map;

/**
 * Reads, for a round, what each DL leaf queue's jobs may hold now from CapacityScheduler's own
 * queue state ({@link QueueReading}, {@link QueueRooms}). Without the scheduler's lock: the
 * capacities change only when the queues are reconfigured, and what the queues hold is taken from
 * the round's node readings; only other queues' pending asks are read live.
 */
final class RmQueueRooms {

    private final DeepLearningScheduler scheduler;

    RmQueueRooms(DeepLearningScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** By DL queue path, in the order of {@code yarn.dl.scheduler.queues}, what its jobs may hold. */
    Map<String, Resources> read(List<NodeReading> nodes, List<DlJobState> jobs) {
        List<String> dlQueues = QueueReading.paths(scheduler.settings().queues(), scheduler::getQueue);
        List<QueueReading> queues = QueueReading.ofLeaves(
                scheduler.getCapacitySchedulerQueueManager().getQueues().values(),
                scheduler.getClusterResource(), dlQueues);
        return QueueRooms.of(queues, nodes, QueueReading.queueOfApplications(scheduler.getSchedulerApplications()),
                jobs);
    }
}
