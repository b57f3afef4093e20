package io.yarndl.core.job;

import io.yarndl.core.cluster.Resources;
import java.util.Objects;

/**
 * What a job asked for at submission; it does not change while the job runs.
 *
 * @param id               unique id (YARN's application id in the RM)
 * @param name             job name, e.g. the model type it trains
 * @param user             submitting user, for fairness policies
 * @param queue            YARN queue
 * @param framework        training framework
 * @param architecture     all-reduce or parameter server
 * @param syncMode         synchronous or asynchronous updates (parameter-server jobs)
 * @param workerDemand     resources of one worker container
 * @param psDemand         resources of one parameter-server container ({@link Resources#ZERO} for all-reduce)
 * @param minWorkers       fewest workers the job can run with; below this it waits whole
 * @param maxWorkers       most workers the job can use
 * @param minPs            fewest parameter servers (0 for all-reduce)
 * @param maxPs            most parameter servers (0 for all-reduce)
 * @param requestedWorkers the static size a non-elastic policy gives it
 * @param requestedPs      the static number of parameter servers a non-elastic policy gives it
 * @param globalBatchSize  samples per step (M in Optimus' synchronous speed formula)
 * @param goal             when the job is done
 * @param modelFamily      the model it trains as a throughput profile names it (e.g.
 *                         {@code ResNet-50 (batch size 64)}), so a policy can guess its speed on a GPU
 *                         type before it has run there; {@link #UNKNOWN_FAMILY} where it declared none
 * @param batchLimits      the global batch sizes it may train at ({@link BatchLimits#fixed} at
 *                         {@code globalBatchSize} where it declared none); {@code globalBatchSize}
 *                         is inside them and is the reference batch its steps are counted in
 */
public record JobSpec(String id, String name, String user, String queue, Framework framework,
                      Architecture architecture, SyncMode syncMode, Resources workerDemand, Resources psDemand,
                      int minWorkers, int maxWorkers, int minPs, int maxPs, int requestedWorkers, int requestedPs,
                      int globalBatchSize, TrainingGoal goal, String modelFamily, BatchLimits batchLimits) {

    /** The model family of a job that declared none. */
    public static final String UNKNOWN_FAMILY = "";

    /** A job that declares no model family. */
    public JobSpec(String id, String name, String user, String queue, Framework framework,
                   Architecture architecture, SyncMode syncMode, Resources workerDemand, Resources psDemand,
                   int minWorkers, int maxWorkers, int minPs, int maxPs, int requestedWorkers, int requestedPs,
                   int globalBatchSize, TrainingGoal goal) {
        this(id, name, user, queue, framework, architecture, syncMode, workerDemand, psDemand, minWorkers,
                maxWorkers, minPs, maxPs, requestedWorkers, requestedPs, globalBatchSize, goal, UNKNOWN_FAMILY);
    }

    /** A job that trains at {@code globalBatchSize} only. */
    public JobSpec(String id, String name, String user, String queue, Framework framework,
                   Architecture architecture, SyncMode syncMode, Resources workerDemand, Resources psDemand,
                   int minWorkers, int maxWorkers, int minPs, int maxPs, int requestedWorkers, int requestedPs,
                   int globalBatchSize, TrainingGoal goal, String modelFamily) {
        this(id, name, user, queue, framework, architecture, syncMode, workerDemand, psDemand, minWorkers,
                maxWorkers, minPs, maxPs, requestedWorkers, requestedPs, globalBatchSize, goal, modelFamily,
                globalBatchSize > 0 ? BatchLimits.fixed(globalBatchSize) : null);
    }

    public JobSpec {
        modelFamily = modelFamily == null ? UNKNOWN_FAMILY : modelFamily.trim();
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(framework, "framework");
        Objects.requireNonNull(architecture, "architecture");
        Objects.requireNonNull(syncMode, "syncMode");
        Objects.requireNonNull(workerDemand, "workerDemand");
        Objects.requireNonNull(psDemand, "psDemand");
        Objects.requireNonNull(goal, "goal");
        require(minWorkers >= 1, id, "minWorkers must be at least 1, got " + minWorkers);
        require(maxWorkers >= minWorkers, id, "maxWorkers " + maxWorkers + " < minWorkers " + minWorkers);
        require(requestedWorkers >= minWorkers && requestedWorkers <= maxWorkers, id,
                "requestedWorkers " + requestedWorkers + " outside [" + minWorkers + ", " + maxWorkers + "]");
        require(globalBatchSize > 0, id, "globalBatchSize must be positive, got " + globalBatchSize);
        Objects.requireNonNull(batchLimits, "batchLimits");
        require(batchLimits.allows(globalBatchSize), id, "globalBatchSize " + globalBatchSize
                + " outside its batch limits [" + batchLimits.min() + ", " + batchLimits.max() + "]");
        if (architecture == Architecture.ALLREDUCE) {
            require(minPs == 0 && maxPs == 0 && requestedPs == 0, id, "an all-reduce job has no parameter servers");
        } else {
            require(minPs >= 1, id, "a parameter-server job needs minPs >= 1, got " + minPs);
            require(maxPs >= minPs, id, "maxPs " + maxPs + " < minPs " + minPs);
            require(requestedPs >= minPs && requestedPs <= maxPs, id,
                    "requestedPs " + requestedPs + " outside [" + minPs + ", " + maxPs + "]");
        }
        require(!workerDemand.isZero(), id, "workerDemand must not be zero");
    }

    /** This job, allowed to train at the global batch sizes of {@code limits}. */
    public JobSpec withBatchLimits(BatchLimits limits) {
        return new JobSpec(id, name, user, queue, framework, architecture, syncMode, workerDemand, psDemand,
                minWorkers, maxWorkers, minPs, maxPs, requestedWorkers, requestedPs, globalBatchSize, goal,
                modelFamily, limits);
    }

    public boolean usesParameterServers() {
        return architecture == Architecture.PARAMETER_SERVER;
    }

    /**
     * {@code tasks} brought within this job's worker and server bounds: what a job holds may be
     * outside them for a while (its AM gives containers back one by one as it ends, or a server
     * container is lost), and a plan that keeps a job at what it holds must not keep that.
     */
    public TaskCount withinBounds(TaskCount tasks) {
        return new TaskCount(Math.max(minWorkers, Math.min(maxWorkers, tasks.workers())),
                Math.max(minPs, Math.min(maxPs, tasks.ps())));
    }

    /** Resources of {@code tasks} of this job's workers and parameter servers. */
    public Resources demandOf(TaskCount tasks) {
        return workerDemand.times(tasks.workers()).plus(psDemand.times(tasks.ps()));
    }

    /** The smallest runnable allocation's resources: min workers and min PS. */
    public Resources minimumDemand() {
        return workerDemand.times(minWorkers).plus(psDemand.times(minPs));
    }

    /** The resources of the static request a non-elastic policy grants. */
    public Resources requestedDemand() {
        return workerDemand.times(requestedWorkers).plus(psDemand.times(requestedPs));
    }

    private static void require(boolean condition, String id, String message) {
        if (!condition) {
            throw new IllegalArgumentException("job " + id + ": " + message);
        }
    }
}
