package io.yarndl.core.testing;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A builder of {@link JobView}s for tests: an all-reduce job of one 1-GPU worker, submitted at 0
 * by user {@code alice}, queued, unless told otherwise.
 *
 * <pre>{@code
 * JobView view = Jobs.job("j1").user("bob").workers(4).submittedAt(10).build();
 * JobView ps = Jobs.job("j2").parameterServers(2).workers(3).runningOn("n0", 3, 2).build();
 * }</pre>
 */
public final class Jobs {

    /** Demand of one parameter server: CPU and memory only. */
    public static final Resources PS_DEMAND = Resources.of(0, 2, 8_192);

    private final String id;
    private String user = "alice";
    private String queue = "root.dl";
    private double submitTimeSec;
    private Resources workerDemand = Clusters.gpus(1);
    private Resources psDemand = PS_DEMAND;
    private int minWorkers = 1;
    private int workers = 1;
    private int maxWorkers = 1;
    private int ps;
    private final Map<String, TaskCount> running = new TreeMap<>();
    private final List<ProgressSample> samples = new ArrayList<>();
    private String family = JobSpec.UNKNOWN_FAMILY;

    private Jobs(String id) {
        this.id = id;
    }

    public static Jobs job(String id) {
        return new Jobs(id);
    }

    public Jobs user(String name) {
        this.user = name;
        return this;
    }

    /** Submits it to queue {@code path} ({@code root.dl} unless told otherwise). */
    public Jobs queue(String path) {
        this.queue = path;
        return this;
    }

    public Jobs submittedAt(double timeSec) {
        this.submitTimeSec = timeSec;
        return this;
    }

    /** Requests {@code count} workers; min and max widen to include it. */
    public Jobs workers(int count) {
        this.workers = count;
        this.minWorkers = Math.min(minWorkers, count);
        this.maxWorkers = Math.max(maxWorkers, count);
        return this;
    }

    /** Elastic range; the request stays where it is, clamped into the range. */
    public Jobs workerRange(int min, int max) {
        this.minWorkers = min;
        this.maxWorkers = max;
        this.workers = Math.max(min, Math.min(max, workers));
        return this;
    }

    /** Each worker needs {@code gpus} GPUs (with matching vcores and memory). */
    public Jobs gpusPerWorker(int gpus) {
        this.workerDemand = Clusters.gpus(gpus);
        return this;
    }

    public Jobs workerDemand(Resources demand) {
        this.workerDemand = demand;
        return this;
    }

    public Jobs psDemand(Resources demand) {
        this.psDemand = demand;
        return this;
    }

    /** Makes it a parameter-server job with exactly {@code count} servers (0 keeps it all-reduce). */
    public Jobs parameterServers(int count) {
        this.ps = count;
        return this;
    }

    /** Marks it running with {@code workers} workers and {@code ps} servers on {@code node}; may repeat. */
    public Jobs runningOn(String node, int workers, int ps) {
        running.merge(node, new TaskCount(workers, ps), TaskCount::plus);
        return this;
    }

    public Jobs running(Allocation allocation) {
        allocation.byNode().forEach((node, count) -> running.merge(node, count, TaskCount::plus));
        return this;
    }

    /** Declares the model family a throughput profile knows it by. */
    public Jobs family(String name) {
        this.family = name;
        return this;
    }

    /** Adds a progress sample measured at {@code stepsPerSecond} with {@code workers} workers on {@code gpuType}. */
    public Jobs measuredOn(String gpuType, int workers, double stepsPerSecond) {
        samples.add(new ProgressSample(samples.size(), samples.size(), 1.0, stepsPerSecond, workers, 0, gpuType));
        return this;
    }

    public JobSpec spec() {
        boolean withPs = ps > 0;
        return new JobSpec(id, "test-" + id, user, queue, Framework.PYTORCH,
                withPs ? Architecture.PARAMETER_SERVER : Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                workerDemand, withPs ? psDemand : Resources.ZERO, minWorkers, maxWorkers, ps, ps, workers, ps,
                256, TrainingGoal.steps(1_000), family);
    }

    public JobView build() {
        return new JobView(spec(), submitTimeSec, new Allocation(running), samples);
    }
}
