package io.yarndl.contract.job;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.Objects;

/**
 * What an ApplicationMaster declares about its job in {@code <root>/jobs/<applicationId>/spec}:
 * everything in a {@link JobSpec} except what YARN already knows (application id, user, queue),
 * which the scheduler adds with {@link #toSpec}. A plain value: no ZooKeeper involved, so nothing
 * here depends on the connection.
 *
 * <p>Only the object fields are checked here (not null); the numeric rules (min &le; requested
 * &le; max, parameter servers only for parameter-server jobs...) are {@link JobSpec}'s, applied
 * when {@link #toSpec} builds one. {@link JobRecordCodec} applies them on reading.
 *
 * @param name             job name, e.g. the model it trains
 * @param framework        training framework
 * @param architecture     all-reduce or parameter server
 * @param syncMode         synchronous or asynchronous updates
 * @param workerDemand     resources of one worker container
 * @param psDemand         resources of one parameter-server container ({@link Resources#ZERO} for all-reduce)
 * @param minWorkers       fewest workers the job can run with
 * @param maxWorkers       most workers the job can use
 * @param minPs            fewest parameter servers (0 for all-reduce)
 * @param maxPs            most parameter servers (0 for all-reduce)
 * @param requestedWorkers the static size a non-elastic policy gives it
 * @param requestedPs      the static number of parameter servers a non-elastic policy gives it
 * @param globalBatchSize  samples per step
 * @param goal             when the job is done
 * @param modelFamily      the model it trains as a throughput profile names it (e.g. {@code ResNet-50
 *                         (batch size 64)}), so a GPU-type-aware policy can guess its speed on a type
 *                         before it ran there; {@link JobSpec#UNKNOWN_FAMILY} (empty) where it declares none
 * @param batchLimits      the global batch sizes it may train at ({@code submit --min-batch-size} and
 *                         friends); {@link BatchLimits#fixed} at {@code globalBatchSize} where it declares
 *                         none, so that a job that says nothing trains at one batch as before
 */
public record JobDescription(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                             Resources workerDemand, Resources psDemand, int minWorkers, int maxWorkers,
                             int minPs, int maxPs, int requestedWorkers, int requestedPs, int globalBatchSize,
                             TrainingGoal goal, String modelFamily, BatchLimits batchLimits) {

    /** A job that declares a model family but no batch limits: it trains at {@code globalBatchSize} only. */
    public JobDescription(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                          Resources workerDemand, Resources psDemand, int minWorkers, int maxWorkers,
                          int minPs, int maxPs, int requestedWorkers, int requestedPs, int globalBatchSize,
                          TrainingGoal goal, String modelFamily) {
        this(name, framework, architecture, syncMode, workerDemand, psDemand, minWorkers, maxWorkers, minPs, maxPs,
                requestedWorkers, requestedPs, globalBatchSize, goal, modelFamily, null);
    }

    /** A job that declares no model family. */
    public JobDescription(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                          Resources workerDemand, Resources psDemand, int minWorkers, int maxWorkers,
                          int minPs, int maxPs, int requestedWorkers, int requestedPs, int globalBatchSize,
                          TrainingGoal goal) {
        this(name, framework, architecture, syncMode, workerDemand, psDemand, minWorkers, maxWorkers, minPs, maxPs,
                requestedWorkers, requestedPs, globalBatchSize, goal, JobSpec.UNKNOWN_FAMILY);
    }

    public JobDescription {
        modelFamily = modelFamily == null ? JobSpec.UNKNOWN_FAMILY : modelFamily.trim();
        // Left null only beside a batch size JobSpec refuses anyway, so that its message is the one seen.
        if (batchLimits == null && globalBatchSize > 0) {
            batchLimits = BatchLimits.fixed(globalBatchSize);
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(framework, "framework");
        Objects.requireNonNull(architecture, "architecture");
        Objects.requireNonNull(syncMode, "syncMode");
        Objects.requireNonNull(workerDemand, "workerDemand");
        Objects.requireNonNull(psDemand, "psDemand");
        Objects.requireNonNull(goal, "goal");
    }

    /**
     * The job as the policies see it at submission.
     *
     * @throws IllegalArgumentException when the description breaks one of {@link JobSpec}'s rules
     */
    public JobSpec toSpec(String applicationId, String user, String queue) {
        return new JobSpec(applicationId, name, user, queue, framework, architecture, syncMode, workerDemand,
                psDemand, minWorkers, maxWorkers, minPs, maxPs, requestedWorkers, requestedPs, globalBatchSize, goal,
                modelFamily, batchLimits);
    }

    /** This description, declaring {@code family} as its model family. */
    public JobDescription withModelFamily(String family) {
        return new JobDescription(name, framework, architecture, syncMode, workerDemand, psDemand, minWorkers,
                maxWorkers, minPs, maxPs, requestedWorkers, requestedPs, globalBatchSize, goal, family, batchLimits);
    }

    /** This description, declaring that it may train at the global batch sizes of {@code limits}. */
    public JobDescription withBatchLimits(BatchLimits limits) {
        return new JobDescription(name, framework, architecture, syncMode, workerDemand, psDemand, minWorkers,
                maxWorkers, minPs, maxPs, requestedWorkers, requestedPs, globalBatchSize, goal, modelFamily,
                Objects.requireNonNull(limits, "limits"));
    }

    /** True where it declared limits other than its one batch: its batch may follow its allocation. */
    public boolean declaresBatchLimits() {
        return batchLimits != null && !batchLimits.equals(BatchLimits.fixed(globalBatchSize));
    }

    /** The smallest runnable allocation's resources: min workers and min parameter servers. */
    public Resources minimumDemand() {
        return workerDemand.times(minWorkers).plus(psDemand.times(minPs));
    }
}
