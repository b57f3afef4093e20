package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Resources;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerApplication;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AbstractLeafQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;

/**
 * One queue of CapacityScheduler as a round reads it, in the default partition (a leaf queue,
 * or a parent queue whose maximum bounds the leaves below it, {@link #ofParents}): its
 * guaranteed share and its maximum (its absolute capacity and absolute maximum capacity of the
 * cluster's resources, rounded down), the most one user may hold in it, and what it holds and
 * asks for now. {@link QueueRooms} turns these readings into what each DL queue's jobs may hold.
 *
 * @param path       the queue's full path, e.g. {@code root.dl}
 * @param deepLearning whether it is one of {@code yarn.dl.scheduler.queues}
 * @param guaranteed its absolute capacity of the cluster
 * @param maximum    its absolute maximum capacity of the cluster
 * @param userLimit  the most one user's containers may hold in it: {@code user-limit-factor} times
 *                   {@code guaranteed}, never above {@code maximum}; {@code maximum} where the factor
 *                   is -1 (no user limit) or the queue has no capacity, as CapacityScheduler's
 *                   {@code UsersManager} caps a user
 * @param used       what its containers hold
 * @param pending    what its applications ask for and have not been given
 */
public record QueueReading(String path, boolean deepLearning, Resources guaranteed, Resources maximum,
                           Resources userLimit, Resources used, Resources pending) {

    public QueueReading {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(guaranteed, "guaranteed");
        Objects.requireNonNull(maximum, "maximum");
        Objects.requireNonNull(userLimit, "userLimit");
        Objects.requireNonNull(used, "used");
        Objects.requireNonNull(pending, "pending");
    }

    /** A queue whose one user may reach its maximum capacity ({@code user-limit-factor} -1, or large enough). */
    public QueueReading(String path, boolean deepLearning, Resources guaranteed, Resources maximum, Resources used,
                        Resources pending) {
        this(path, deepLearning, guaranteed, maximum, maximum, used, pending);
    }

    /**
     * Every leaf queue of {@code queues} (the queue manager's map, which may name a queue twice:
     * by its short name and by its path), DL queues first in the order of {@code dlPaths}.
     */
    public static List<QueueReading> ofLeaves(Collection<CSQueue> queues, Resource cluster, List<String> dlPaths) {
        Map<CSQueue, Boolean> seen = new IdentityHashMap<>();
        List<QueueReading> dl = new ArrayList<>();
        List<QueueReading> others = new ArrayList<>();
        Resources whole = YarnResources.toCore(cluster);
        for (CSQueue queue : queues) {
            if (!(queue instanceof AbstractLeafQueue) || seen.put(queue, Boolean.TRUE) != null) {
                continue;
            }
            boolean isDl = dlPaths.contains(queue.getQueuePath());
            Resources maximum = share(whole, queue.getAbsoluteMaximumCapacity());
            float userLimitFactor = ((AbstractLeafQueue) queue).getUserLimitFactor();
            // As UsersManager.computeUserLimit: a factor of -1, or a queue of no capacity, caps no user below the maximum.
            Resources userLimit = userLimitFactor < 0 || queue.getAbsoluteCapacity() <= 0 ? maximum
                    : share(whole, queue.getAbsoluteCapacity() * userLimitFactor).min(maximum);
            QueueReading reading = new QueueReading(queue.getQueuePath(), isDl,
                    share(whole, queue.getAbsoluteCapacity()), maximum, userLimit,
                    YarnResources.toCore(queue.getQueueResourceUsage().getUsed()),
                    YarnResources.toCore(queue.getQueueResourceUsage().getPending()));
            (isDl ? dl : others).add(reading);
        }
        dl.sort((a, b) -> Integer.compare(dlPaths.indexOf(a.path()), dlPaths.indexOf(b.path())));
        dl.addAll(others);
        return dl;
    }

    /**
     * Every parent queue of {@code queues} but root (whose maximum is the whole cluster): its
     * guaranteed share and maximum; what it holds is summed from the round's node readings instead.
     */
    public static List<QueueReading> ofParents(Collection<CSQueue> queues, Resource cluster) {
        Map<CSQueue, Boolean> seen = new IdentityHashMap<>();
        List<QueueReading> parents = new ArrayList<>();
        Resources whole = YarnResources.toCore(cluster);
        for (CSQueue queue : queues) {
            if (queue instanceof AbstractLeafQueue || queue.getParent() == null || seen.put(queue, Boolean.TRUE) != null) {
                continue;
            }
            Resources maximum = share(whole, queue.getAbsoluteMaximumCapacity());
            parents.add(new QueueReading(queue.getQueuePath(), false, share(whole, queue.getAbsoluteCapacity()),
                    maximum, Resources.ZERO, Resources.ZERO));
        }
        parents.sort(java.util.Comparator.comparing(QueueReading::path));
        return parents;
    }

    /** By application id, the path of the queue each application runs in. */
    public static Map<String, String> queueOfApplications(Map<ApplicationId, ? extends SchedulerApplication<?>> apps) {
        Map<String, String> byApp = new HashMap<>();
        apps.forEach((id, app) -> {
            if (app.getQueue() instanceof CSQueue queue) {
                byApp.put(id.toString(), queue.getQueuePath());
            }
        });
        return byApp;
    }

    /** The full paths of {@code names} (paths or short names) that name queues; {@code lookup} resolves one. */
    public static List<String> paths(Set<String> names, java.util.function.Function<String, CSQueue> lookup) {
        List<String> paths = new ArrayList<>();
        for (String name : names) {
            CSQueue queue = lookup.apply(name);
            if (queue != null && !paths.contains(queue.getQueuePath())) {
                paths.add(queue.getQueuePath());
            }
        }
        return paths;
    }

    // Rounded down: CapacityScheduler grants whole containers and never past the limit.
    private static Resources share(Resources whole, float fraction) {
        double f = Math.max(0, Math.min(1, fraction));
        return new Resources((int) Math.floor(whole.gpus() * f + 1e-6), (int) Math.floor(whole.vcores() * f + 1e-6),
                (long) Math.floor(whole.memoryMb() * f + 1e-6));
    }
}
