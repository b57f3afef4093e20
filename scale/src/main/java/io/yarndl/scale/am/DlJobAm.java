package io.yarndl.scale.am;

import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.contract.records.JobRecordWriter;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.scale.rm.ClusterShape;
import io.yarndl.scale.rm.RmSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.ResourceRequest;

/**
 * A simulated elastic DL ApplicationMaster, behaving towards the RM and ZooKeeper as the shipped one
 * does: submitted as a {@code DEEP_LEARNING} application to {@code root.dl} with its job description
 * in {@link DlJobContract#SPEC_ENV}; once launched it registers, writes its spec through the
 * contract's {@link JobRecordWriter}, and every heartbeat asks (priority
 * {@link DlJobContract#WORKER_PRIORITY}) for the workers it still misses up to its ceiling (its
 * maximum under yarn-dl, which shapes the ask to the plan; its requested size under the stock
 * CapacityScheduler), starts what it is granted on the granting node, gives a container named in a
 * preemption message back at its next heartbeat (after "checkpointing" for one heartbeat), and
 * writes its progress samples as one batch every progress interval (the bounded rate). It trains
 * ({@link SyntheticProgress}) for the whole run; it never finishes.
 */
public final class DlJobAm implements SimulatedAm {

    private static final JobRecordCodec CODEC = new JobRecordCodec();

    private final AmWorld world;
    private final JobDescription spec;
    private final ApplicationId app;
    private final JobRecordWriter records;
    private final RecordWrites writes;
    private final int ceiling;
    private final Map<ContainerId, Container> held = new HashMap<>();
    private final List<ContainerId> toRelease = new ArrayList<>();
    private final SyntheticProgress training = new SyntheticProgress();
    private AmChannel channel;
    private int outstanding = -1;
    private long lastTickNanos;
    private long lastWriteNanos;
    private boolean failed;

    private DlJobAm(AmWorld world, JobDescription spec, ApplicationId app, JobRecordWriter records) {
        this.world = world;
        this.spec = spec;
        this.app = app;
        this.records = records;
        this.writes = new RecordWrites(world.zkWriters(), world.metrics(), app.toString());
        this.ceiling = world.elastic() ? spec.maxWorkers() : spec.requestedWorkers();
    }

    /** Submits the job; its AM starts at the first tick after the RM launched it. */
    public static DlJobAm submit(AmWorld world, int index, JobDescription spec) throws Exception {
        Map<String, String> environment = Map.of(
                DlJobContract.SPEC_ENV, DlJobContract.encodeSpec(CODEC.specToJson(spec)),
                DlJobContract.ZK_ADDRESS_ENV, world.zkConnect(),
                DlJobContract.ZK_ROOT_ENV, world.zkRoot());
        ApplicationId app = world.submitter().submit(spec.name(), DlJobContract.APPLICATION_TYPE,
                RmSettings.DL_QUEUE, environment);
        return new DlJobAm(world, spec, app, new JobRecordWriter(world.session(index), world.zkRoot(), app.toString()));
    }

    @Override
    public void tick(long nowNanos) {
        if (failed) {
            return;
        }
        try {
            if (channel == null && !launch(nowNanos)) {
                return;
            }
            heartbeat();
            training.advance((nowNanos - lastTickNanos) / 1e9, held.size(), spec.minWorkers());
            lastTickNanos = nowNanos;
            if (nowNanos - lastWriteNanos >= TimeUnit.MILLISECONDS.toNanos(world.progressIntervalMs())) {
                lastWriteNanos = nowNanos;
                var samples = training.drain();
                if (!samples.isEmpty()) {
                    writes.then(() -> records.writeProgress(samples));
                }
            }
        } catch (Exception e) {
            failed = true;
            world.metrics().error("DL job " + app, e);
        }
    }

    private boolean launch(long nowNanos) throws Exception {
        channel = AmChannel.ifLaunched(world.context(), world.masters(), app).orElse(null);
        if (channel == null) {
            return false;
        }
        channel.register();
        writes.then(() -> records.writeSpec(spec));
        lastTickNanos = nowNanos;
        lastWriteNanos = nowNanos;
        return true;
    }

    private void heartbeat() throws Exception {
        int missing = Math.max(0, ceiling - held.size());
        List<ResourceRequest> asks = List.of();
        if (missing != outstanding) {
            asks = List.of(ResourceRequest.newInstance(Priority.newInstance(DlJobContract.WORKER_PRIORITY),
                    ResourceRequest.ANY, ClusterShape.worker(), missing));
            outstanding = missing;
        }
        List<ContainerId> releases = List.copyOf(toRelease);
        toRelease.clear();
        double goal = spec.goal() instanceof TrainingGoal.FixedSteps steps ? steps.totalSteps() : Double.POSITIVE_INFINITY;
        float progress = (float) Math.min(1.0, training.step() / goal);
        AllocateResponse response = channel.allocate(asks, releases, progress, world.metrics());
        for (Container granted : response.getAllocatedContainers()) {
            if (held.size() < ceiling) {
                held.put(granted.getId(), granted);
                world.fleet().start(granted);
            } else {
                toRelease.add(granted.getId());
            }
            outstanding = Math.max(0, outstanding - 1);
        }
        for (ContainerStatus ended : response.getCompletedContainersStatuses()) {
            held.remove(ended.getContainerId());
        }
        Set<ContainerId> preempted = PreemptionNotice.containers(response.getPreemptionMessage());
        int answered = 0;
        for (ContainerId id : preempted) {
            Container container = held.remove(id);
            if (container != null) {
                toRelease.add(id);
                world.fleet().exit(container.getNodeId(), id, 0);
                answered++;
            }
        }
        world.metrics().preemptionAnswered(answered);
    }

    /** Whether the RM launched this job's AM and it registered. */
    public boolean launched() {
        return channel != null;
    }

    /** Workers held now. */
    public int workers() {
        return held.size();
    }

    @Override
    public boolean done() {
        return failed;
    }
}
