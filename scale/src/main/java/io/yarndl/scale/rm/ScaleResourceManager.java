package io.yarndl.scale.rm;

import java.util.function.Consumer;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.event.AsyncDispatcher;
import org.apache.hadoop.yarn.event.EventDispatcher;
import org.apache.hadoop.yarn.event.EventHandler;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.amlauncher.ApplicationMasterLauncher;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AbstractLeafQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.SchedulerEvent;

/**
 * A real {@link ResourceManager} (its scheduler, dispatchers, ApplicationMasterService and
 * ResourceTrackerService unchanged) with two parts a one-JVM load harness cannot have: AM containers
 * are "launched" by telling the simulated NodeManager that holds them ({@link InstantAmLauncher})
 * rather than over RPC, and the web app does not start (the harness reads what it measures in
 * process). Everything the harness measures goes through the same code paths as on a cluster.
 *
 * <p>It also keeps the scheduler's event dispatcher, whose queue (node updates, application and
 * container events waiting for the scheduler) is one of the harness's probes, beside the RM's main
 * dispatcher.
 */
public final class ScaleResourceManager extends ResourceManager {

    private final Consumer<Container> amContainerStarted;
    private volatile EventDispatcher<SchedulerEvent> schedulerDispatcher;

    /** @param amContainerStarted told of each AM container as its attempt is launched */
    public ScaleResourceManager(Consumer<Container> amContainerStarted) {
        this.amContainerStarted = amContainerStarted;
    }

    @Override
    protected ApplicationMasterLauncher createAMLauncher() {
        return new InstantAmLauncher(getRMContext(), amContainerStarted);
    }

    @Override
    protected void startWepApp() {
        // No web app: nothing here reads it, and it costs seconds and threads per start.
    }

    @Override
    @SuppressWarnings("unchecked")
    protected EventHandler<SchedulerEvent> createSchedulerEventDispatcher() {
        EventHandler<SchedulerEvent> handler = super.createSchedulerEventDispatcher();
        if (handler instanceof EventDispatcher<?> dispatcher) {
            schedulerDispatcher = (EventDispatcher<SchedulerEvent>) dispatcher;
        }
        return handler;
    }

    /** Events waiting in the RM's main dispatcher (application, attempt, node and container state machines). */
    public int rmDispatcherQueue() {
        return getRMContext().getDispatcher() instanceof AsyncDispatcher async ? async.getEventQueueSize() : 0;
    }

    /** GPUs the scheduler counts allocated now, to any queue. */
    public long gpusAllocated() {
        return getResourceScheduler().getRootQueueMetrics().getAllocatedResources().getResourceValue(ClusterShape.GPU);
    }

    /** Containers reserved on nodes now: a reserved node takes no other container until it is freed. */
    public int reservedContainers() {
        return getResourceScheduler().getRootQueueMetrics().getReservedContainers();
    }

    /**
     * Applications of leaf queue {@code queue} the scheduler has not activated (kept back by the
     * queue's or its user's AM resource limit): their AM containers are not asked for yet.
     */
    public int inactiveApplications(String queue) {
        return getResourceScheduler() instanceof CapacityScheduler cs && cs.getQueue(queue) instanceof AbstractLeafQueue leaf
                ? leaf.getNumPendingApplications() : 0;
    }

    /** Events waiting for the scheduler (node updates among them). */
    public int schedulerQueue() {
        EventDispatcher<SchedulerEvent> dispatcher = schedulerDispatcher;
        return dispatcher == null ? 0 : dispatcher.getEventQueueSize();
    }
}
