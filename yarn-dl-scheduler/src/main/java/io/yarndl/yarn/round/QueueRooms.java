package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Resources;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;

/**
 * What each DL leaf queue's jobs may hold now, as CapacityScheduler would grant it: the rooms of
 * {@link io.yarndl.core.cluster.ClusterSnapshot#queueRooms()}. Per DL queue {@code q}, vector by
 * vector (GPUs, vcores, memory):
 *
 * <pre>
 *   room(q) = min( max(q) - other(q),
 *                  max( guaranteed(q) - other(q),  held(q) + free - reclaimed(q) ),
 *                  users(q) x userLimit(q) - other(q) )
 * </pre>
 *
 * where {@code other(q)} is what the queue's containers hold that are not DL workers or parameter
 * servers (DL ApplicationMasters, non-DL applications in the DL queue), {@code held(q)} what the
 * queue's DL tasks hold, {@code free} what no container holds on any node, and
 * {@code reclaimed(q)} what every other leaf queue below its guaranteed share asks for, up to that
 * share; {@code users(q)} how many users own the queue's DL jobs (at least one) and
 * {@code userLimit(q)} the most one user may hold there ({@link QueueReading#userLimit()}). So a
 * DL queue always gets its guaranteed share, as far as its users' limits reach (CapacityScheduler
 * gives it back, with its preemption monitor at once, without it as containers end), grows past
 * it only into resources that are free and that no queue under its share is waiting for, and
 * never past its maximum capacity nor past what its users may hold together. {@code held(q)} and
 * {@code other(q)} come from the same node readings as the snapshot's nodes, so a container
 * granted while the round reads is never counted twice.
 *
 * <p>The user term is exact for a queue whose DL jobs all belong to one user (CapacityScheduler
 * never lets that user hold more than {@code user-limit-factor} times the guarantee) and a bound
 * for several: the room is divided among the queue's jobs, not per user, so one user's jobs may
 * still be planned past that user's own limit while another user's leave room. It subtracts all of
 * {@code other(q)}, other users' non-DL containers too: never more than CapacityScheduler grants,
 * sometimes less. Left out: node labels (only the default partition's capacities are read).
 */
public final class QueueRooms {

    private QueueRooms() {
    }

    /**
     * The room of every DL queue of {@code queues}, in their order.
     *
     * @param queues             every leaf queue, DL queues marked
     * @param nodes              the round's node readings
     * @param queueOfApplication by application id, the path of its queue
     * @param jobs               the round's DL jobs, with the tasks read from {@code nodes}
     */
    public static Map<String, Resources> of(List<QueueReading> queues, Collection<NodeReading> nodes,
                                            Map<String, String> queueOfApplication, List<DlJobState> jobs) {
        Set<String> dlTasks = new HashSet<>();
        Map<String, Resources> held = new HashMap<>();
        Map<String, Set<String>> users = new HashMap<>();
        for (DlJobState job : jobs) {
            users.computeIfAbsent(job.spec().queue(), q -> new HashSet<>()).add(job.spec().user());
            for (HeldTask task : job.tasks()) {
                dlTasks.add(task.containerId());
                held.merge(job.spec().queue(), task.resources(), Resources::plus);
            }
        }
        Resources free = Resources.ZERO;
        Map<String, Resources> other = new HashMap<>();
        for (NodeReading node : nodes) {
            free = free.plus(node.unallocated().atLeastZero());
            for (NodeReading.Container container : node.containers()) {
                String queue = queueOfApplication.get(applicationOf(container.attemptId()));
                if (queue != null && !dlTasks.contains(container.containerId())) {
                    other.merge(queue, container.resources(), Resources::plus);
                }
            }
        }
        Map<String, Resources> rooms = new LinkedHashMap<>();
        for (QueueReading queue : queues) {
            if (!queue.deepLearning()) {
                continue;
            }
            Resources others = other.getOrDefault(queue.path(), Resources.ZERO);
            Resources elastic = held.getOrDefault(queue.path(), Resources.ZERO).plus(free)
                    .minus(reclaimedBesides(queue, queues));
            int userCount = Math.max(1, users.getOrDefault(queue.path(), Set.of()).size());
            Resources room = queue.maximum().minus(others)
                    .min(max(queue.guaranteed().minus(others), elastic))
                    .min(queue.userLimit().times(userCount).minus(others));
            rooms.put(queue.path(), room.atLeastZero());
        }
        return rooms;
    }

    /** What the leaf queues other than {@code mine} below their guaranteed share wait for, up to that share. */
    private static Resources reclaimedBesides(QueueReading mine, List<QueueReading> queues) {
        Resources reclaimed = Resources.ZERO;
        for (QueueReading queue : queues) {
            if (!queue.path().equals(mine.path())) {
                reclaimed = reclaimed.plus(queue.pending().min(queue.guaranteed().minus(queue.used()).atLeastZero()));
            }
        }
        return reclaimed;
    }

    private static Resources max(Resources a, Resources b) {
        return new Resources(Math.max(a.gpus(), b.gpus()), Math.max(a.vcores(), b.vcores()),
                Math.max(a.memoryMb(), b.memoryMb()));
    }

    private static String applicationOf(String attemptId) {
        try {
            return ApplicationAttemptId.fromString(attemptId).getApplicationId().toString();
        } catch (IllegalArgumentException notAnAttempt) {
            return attemptId;
        }
    }
}
