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
 */
public record PlacementRequest(String jobId, TaskCount tasks, Resources workerDemand, Resources psDemand,
                               Allocation current) {

    public PlacementRequest {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(tasks, "tasks");
        Objects.requireNonNull(workerDemand, "workerDemand");
        Objects.requireNonNull(psDemand, "psDemand");
        Objects.requireNonNull(current, "current");
    }

    public static PlacementRequest of(JobSpec spec, int workers, int ps, Allocation current) {
        return new PlacementRequest(spec.id(), new TaskCount(workers, ps), spec.workerDemand(), spec.psDemand(),
                current);
    }

    /** Resources of all its tasks together. */
    public Resources totalDemand() {
        return workerDemand.times(tasks.workers()).plus(psDemand.times(tasks.ps()));
    }
}
