package io.yarndl.core.placement;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.TaskCount;
import java.util.Objects;

/**
 * One job's tasks to place.
 *
 * @param jobId        the job
 * @param tasks        how many workers and parameter servers
 * @param workerDemand resources of one worker
 * @param psDemand     resources of one parameter server
 * @param current      where the job runs now, so strategies can prefer to keep tasks in place
 * @param gpuType      the GPU type its GPU tasks must go on, or null where any one type will do (a
 *                     strategy never splits a job's GPU tasks over types; see {@code PlanValidator})
 * @param modelFamily  the model the job trains ({@link JobSpec#modelFamily()}), so a strategy can
 *                     weigh how it and its neighbours on a node slow each other down;
 *                     {@link JobSpec#UNKNOWN_FAMILY} where it declared none
 */
public record PlacementRequest(String jobId, TaskCount tasks, Resources workerDemand, Resources psDemand,
                               Allocation current, String gpuType, String modelFamily) {

    public PlacementRequest {
        modelFamily = modelFamily == null ? JobSpec.UNKNOWN_FAMILY : modelFamily;
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(tasks, "tasks");
        Objects.requireNonNull(workerDemand, "workerDemand");
        Objects.requireNonNull(psDemand, "psDemand");
        Objects.requireNonNull(current, "current");
    }

    /** A request that any one GPU type will do for. */
    public PlacementRequest(String jobId, TaskCount tasks, Resources workerDemand, Resources psDemand,
                            Allocation current) {
        this(jobId, tasks, workerDemand, psDemand, current, null, JobSpec.UNKNOWN_FAMILY);
    }

    /** A request of a job of no declared model family. */
    public PlacementRequest(String jobId, TaskCount tasks, Resources workerDemand, Resources psDemand,
                            Allocation current, String gpuType) {
        this(jobId, tasks, workerDemand, psDemand, current, gpuType, JobSpec.UNKNOWN_FAMILY);
    }

    public static PlacementRequest of(JobSpec spec, int workers, int ps, Allocation current) {
        return new PlacementRequest(spec.id(), new TaskCount(workers, ps), spec.workerDemand(), spec.psDemand(),
                current, null, spec.modelFamily());
    }

    /** This request for a job training {@code family}. */
    public PlacementRequest ofFamily(String family) {
        return new PlacementRequest(jobId, tasks, workerDemand, psDemand, current, gpuType, family);
    }

    /** This request, its GPU tasks bound to nodes of {@code type}. */
    public PlacementRequest onGpuType(String type) {
        return new PlacementRequest(jobId, tasks, workerDemand, psDemand, current, Objects.requireNonNull(type, "type"),
                modelFamily);
    }

    /** True when some of its tasks use GPUs, so the GPU type of their nodes matters. */
    public boolean usesGpus() {
        return workerDemand.gpus() * tasks.workers() + psDemand.gpus() * tasks.ps() > 0;
    }

    /** Resources of all its tasks together. */
    public Resources totalDemand() {
        return workerDemand.times(tasks.workers()).plus(psDemand.times(tasks.ps()));
    }
}
