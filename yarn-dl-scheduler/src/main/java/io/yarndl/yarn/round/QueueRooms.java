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
 * <p>Where DL leaf queues sit under a parent queue other than root ({@code root.dl.team-a} and
 * {@code root.dl.team-b}, say), CapacityScheduler also keeps everything under that parent within
 * the parent's maximum capacity; so, for every such parent {@code p} of {@code q}:
 *
 * <pre>
 *   room(q) = min( room(q),  max( guaranteed(q) - other(q),  held(q) + growth(p) x guaranteed(q) / guaranteed(DL leaves of p) ) )
 * </pre>
 *
 * where {@code growth(p)} is the parent's maximum less what every container under it holds: the
 * DL leaves below one parent share what it may still grow by in proportion to their guarantees
 * (evenly in a dimension none is guaranteed), so together they never plan past its maximum, and
 * none is held below its own guarantee, which CapacityScheduler takes back from its siblings.
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
        return of(queues, List.of(), nodes, queueOfApplication, jobs);
    }

    /**
     * The room of every DL queue of {@code queues}, in their order, each also kept within what its
     * parent queues ({@code parents}, root left out) may still grow by.
     *
     * @param queues             every leaf queue, DL queues marked
     * @param parents            every parent queue but root
     * @param nodes              the round's node readings
     * @param queueOfApplication by application id, the path of its queue
     * @param jobs               the round's DL jobs, with the tasks read from {@code nodes}
     */
    public static Map<String, Resources> of(List<QueueReading> queues, List<QueueReading> parents,
                                            Collection<NodeReading> nodes, Map<String, String> queueOfApplication,
                                            List<DlJobState> jobs) {
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
        Map<String, Resources> usedByLeaf = new HashMap<>();
        for (NodeReading node : nodes) {
            free = free.plus(node.unallocated().atLeastZero());
            for (NodeReading.Container container : node.containers()) {
                String queue = queueOfApplication.get(applicationOf(container.attemptId()));
                if (queue == null) {
                    continue;
                }
                usedByLeaf.merge(queue, container.resources(), Resources::plus);
                if (!dlTasks.contains(container.containerId())) {
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
            Resources floor = queue.guaranteed().minus(others);
            Resources mine = held.getOrDefault(queue.path(), Resources.ZERO);
            for (QueueReading parent : parents) {
                if (isUnder(queue.path(), parent.path())) {
                    room = room.min(max(floor, mine.plus(growthShare(queue, parent, queues, usedByLeaf))));
                }
            }
            rooms.put(queue.path(), room.atLeastZero());
        }
        return rooms;
    }

    /**
     * What {@code leaf} may grow by within {@code parent}: the parent's maximum less what every
     * container under it holds, split among the parent's DL leaves by their guarantees (evenly in
     * a dimension none of them is guaranteed), so that together they never pass the parent's maximum.
     */
    private static Resources growthShare(QueueReading leaf, QueueReading parent, List<QueueReading> queues,
                                         Map<String, Resources> usedByLeaf) {
        Resources used = Resources.ZERO;
        for (Map.Entry<String, Resources> entry : usedByLeaf.entrySet()) {
            if (isUnder(entry.getKey(), parent.path())) {
                used = used.plus(entry.getValue());
            }
        }
        Resources left = parent.maximum().minus(used).atLeastZero();
        Resources guarantees = Resources.ZERO;
        int siblings = 0;
        for (QueueReading queue : queues) {
            if (queue.deepLearning() && isUnder(queue.path(), parent.path())) {
                guarantees = guarantees.plus(queue.guaranteed());
                siblings++;
            }
        }
        return new Resources(
                (int) part(left.gpus(), leaf.guaranteed().gpus(), guarantees.gpus(), siblings),
                (int) part(left.vcores(), leaf.guaranteed().vcores(), guarantees.vcores(), siblings),
                part(left.memoryMb(), leaf.guaranteed().memoryMb(), guarantees.memoryMb(), siblings));
    }

    // Rounded down, so that the shares never add up past what is left.
    private static long part(long left, long mine, long all, int siblings) {
        return all > 0 ? (long) Math.floor((double) left * mine / all) : left / Math.max(1, siblings);
    }

    private static boolean isUnder(String queue, String parent) {
        return queue.startsWith(parent + ".");
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
