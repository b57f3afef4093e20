package io.yarndl.yarn.enforce;

import java.time.Duration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.ContainerPreemptEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.SchedulerEventType;

/** Marks and kills through the scheduler's event queue, so the round thread never takes its lock. */
public final class DispatchingActions implements ShrinkEnforcer.Actions {

    private final RMContext context;

    public DispatchingActions(RMContext context) {
        this.context = context;
    }

    @Override
    public void markForPreemption(ApplicationAttemptId attempt, RMContainer container) {
        context.getDispatcher().getEventHandler().handle(
                new ContainerPreemptEvent(attempt, container, SchedulerEventType.MARK_CONTAINER_FOR_PREEMPTION));
    }

    /** Drops a reservation; the scheduler does so only while the container is still reserved. */
    public void cancelReservation(ApplicationAttemptId attempt, RMContainer container) {
        context.getDispatcher().getEventHandler().handle(
                new ContainerPreemptEvent(attempt, container, SchedulerEventType.KILL_RESERVED_CONTAINER));
    }

    @Override
    public void kill(ApplicationAttemptId attempt, RMContainer container, Duration sinceMarked) {
        context.getDispatcher().getEventHandler().handle(
                new ContainerPreemptEvent(attempt, container, SchedulerEventType.MARK_CONTAINER_FOR_KILLABLE));
    }
}
