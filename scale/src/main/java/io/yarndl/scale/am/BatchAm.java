package io.yarndl.scale.am;

import io.yarndl.scale.rm.ClusterShape;
import io.yarndl.scale.rm.RmSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.ResourceRequest;

/**
 * A simulated non-DL application in {@code root.default}, a small MapReduce-like job: {@value #TASKS}
 * CPU tasks of {@value #TASK_SECONDS} s each, at most {@value #PARALLEL} at a time, each exiting by
 * itself on its node; once all have run the AM unregisters and its own container exits. The harness
 * replaces it with a new one, so non-DL work churns through the RM for the whole run.
 */
public final class BatchAm implements SimulatedAm {

    static final int TASKS = 8;
    static final int PARALLEL = 4;
    static final int TASK_SECONDS = 10;
    private static final int TASK_PRIORITY = 1;

    private final AmWorld world;
    private final ApplicationId app;
    private final Map<ContainerId, Container> running = new HashMap<>();
    private final Map<ContainerId, Long> endsAt = new HashMap<>();
    private AmChannel channel;
    private int finishedTasks;
    private int outstanding = -1;
    private boolean done;

    private BatchAm(AmWorld world, ApplicationId app) {
        this.world = world;
        this.app = app;
    }

    public static BatchAm submit(AmWorld world, int index) throws Exception {
        return new BatchAm(world, world.submitter().submit("batch-" + index, "MAPREDUCE", RmSettings.DEFAULT_QUEUE,
                Map.of()));
    }

    @Override
    public void tick(long nowNanos) {
        if (done) {
            return;
        }
        try {
            if (channel == null) {
                channel = AmChannel.ifLaunched(world.context(), world.masters(), app).orElse(null);
                if (channel == null) {
                    return;
                }
                channel.register();
            }
            endTasksDue(nowNanos);
            if (finishedTasks >= TASKS && running.isEmpty()) {
                channel.finish(FinalApplicationStatus.SUCCEEDED);
                Container am = channel.amContainer();
                world.fleet().exit(am.getNodeId(), am.getId(), ContainerExitStatus.SUCCESS);
                done = true;
                return;
            }
            heartbeat(nowNanos);
        } catch (Exception e) {
            done = true;
            world.metrics().error("batch application " + app, e);
        }
    }

    private void endTasksDue(long nowNanos) {
        for (ContainerId id : new ArrayList<>(endsAt.keySet())) {
            if (endsAt.get(id) <= nowNanos) {
                endsAt.remove(id);
                world.fleet().exit(running.get(id).getNodeId(), id, ContainerExitStatus.SUCCESS);
            }
        }
    }

    private void heartbeat(long nowNanos) throws Exception {
        int missing = Math.max(0, Math.min(PARALLEL - running.size(), TASKS - finishedTasks - running.size()));
        List<ResourceRequest> asks = List.of();
        if (missing != outstanding) {
            asks = List.of(ResourceRequest.newInstance(Priority.newInstance(TASK_PRIORITY), ResourceRequest.ANY,
                    ClusterShape.task(), missing));
            outstanding = missing;
        }
        AllocateResponse response = channel.allocate(asks, List.of(), (float) finishedTasks / TASKS, world.metrics());
        List<ContainerId> surplus = new ArrayList<>();
        for (Container granted : response.getAllocatedContainers()) {
            outstanding = Math.max(0, outstanding - 1);
            if (running.size() >= PARALLEL) {
                surplus.add(granted.getId());
                continue;
            }
            running.put(granted.getId(), granted);
            endsAt.put(granted.getId(), nowNanos + TimeUnit.SECONDS.toNanos(TASK_SECONDS));
            world.fleet().start(granted);
        }
        for (ContainerStatus ended : response.getCompletedContainersStatuses()) {
            if (running.remove(ended.getContainerId()) != null) {
                endsAt.remove(ended.getContainerId());
                finishedTasks++;
            }
        }
        if (!surplus.isEmpty()) {
            channel.allocate(List.of(), surplus, (float) finishedTasks / TASKS, world.metrics());
        }
    }

    @Override
    public boolean done() {
        return done;
    }
}
