package io.yarndl.yarn;

import io.yarndl.core.cluster.Resources;
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.NodeReading;
import io.yarndl.yarn.round.QueueReading;
import io.yarndl.yarn.round.QueueRooms;

import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads, for a round, what each DL leaf queue's jobs may hold now from CapacityScheduler's own
 * queue state ({@link QueueReading}, {@link QueueRooms}). Without the scheduler's lock: the
 * capacities change only when the queues are reconfigured, and what the queues hold is taken from
 * the round's node readings; only other queues' pending asks are read live. Queue state that
 * cannot be read (a queue refresh under way, say) does not stop the round: it plans on the nodes
 * alone, as before queue rooms, and says so once per reason.
 */
final class RmQueueRooms {

    private static final Logger LOG = LoggerFactory.getLogger(RmQueueRooms.class);

    private final DeepLearningScheduler scheduler;
    private volatile String lastFailure;

    RmQueueRooms(DeepLearningScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** By DL queue path, in the order of {@code yarn.dl.scheduler.queues}, what its jobs may hold. */
    Map<String, Resources> read(List<NodeReading> nodes, List<DlJobState> jobs) {
        try {
            Map<String, Resources> rooms = readOrThrow(nodes, jobs);
            lastFailure = null;
            return rooms;
        } catch (RuntimeException unreadable) {
            String reason = String.valueOf(unreadable);
            if (!reason.equals(lastFailure)) {
                LOG.warn("the DL queues' capacities could not be read ({}); this round plans on the nodes' free"
                        + " resources alone, and asks beyond a queue's capacity may wait", reason, unreadable);
                lastFailure = reason;
            }
            return Map.of();
        }
    }

    private Map<String, Resources> readOrThrow(List<NodeReading> nodes, List<DlJobState> jobs) {
        List<String> dlQueues = QueueReading.paths(scheduler.settings().queues(), scheduler::getQueue);
        var all = scheduler.getCapacitySchedulerQueueManager().getQueues().values();
        List<QueueReading> queues = QueueReading.ofLeaves(all, scheduler.getClusterResource(), dlQueues);
        List<QueueReading> parents = QueueReading.ofParents(all, scheduler.getClusterResource());
        return QueueRooms.of(queues, parents, nodes,
                QueueReading.queueOfApplications(scheduler.getSchedulerApplications()), jobs);
    }
}
