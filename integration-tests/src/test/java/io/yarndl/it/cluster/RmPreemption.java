package io.yarndl.it.cluster;

import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.ContainerPreemptEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.SchedulerEventType;

/**
 * Preempts a container by hand, through the ResourceManager's own event path, the way a
 * CapacityScheduler (or a subclass) does it: for tests of ApplicationMasters without a policy.
 * Both calls are asynchronous: the scheduler's dispatcher thread acts on them.
 */
public final class RmPreemption {

    private RmPreemption() {
    }

    /**
     * Marks a running container for preemption: the owning AM's next allocate response carries a
     * {@code PreemptionMessage} naming it (once). Nothing is killed.
     */
    public static void mark(ResourceManager rm, ContainerId id) {
        dispatch(rm, id, SchedulerEventType.MARK_CONTAINER_FOR_PREEMPTION);
    }

    /**
     * Kills a running container as preempted (lazy preemption off, the default): its AM sees it
     * completed with exit status {@code ContainerExitStatus.PREEMPTED} (-102).
     */
    public static void kill(ResourceManager rm, ContainerId id) {
        dispatch(rm, id, SchedulerEventType.MARK_CONTAINER_FOR_KILLABLE);
    }

    private static void dispatch(ResourceManager rm, ContainerId id, SchedulerEventType type) {
        RMContainer container = rm.getResourceScheduler().getRMContainer(id);
        if (container == null) {
            throw new IllegalArgumentException("the scheduler knows no running container " + id);
        }
        rm.getRMContext().getDispatcher().getEventHandler()
                .handle(new ContainerPreemptEvent(container.getApplicationAttemptId(), container, type));
    }
}
