package io.yarndl.core.policy;

import io.yarndl.core.job.Allocation;
import java.util.Objects;

/**
 * A policy's decision for one job.
 *
 * @param jobId     the job
 * @param workers   target number of workers; 0 means the job waits, whole
 * @param ps        target number of parameter servers
 * @param placement the nodes, where the policy places ({@link Allocation#NONE} where it leaves
 *                  placement to the driver); when present its totals equal workers and ps
 * @param reason    why it got this size, for people reading the plan (e.g. the marginal gain
 *                  that won it its last worker)
 */
public record JobPlan(String jobId, int workers, int ps, Allocation placement, String reason) {

    public JobPlan {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(reason, "reason");
        if (workers < 0 || ps < 0) {
            throw new IllegalArgumentException("job " + jobId + ": negative target " + workers + "w/" + ps + "ps");
        }
        if (!placement.isEmpty() && (placement.workers() != workers || placement.ps() != ps)) {
            throw new IllegalArgumentException("job " + jobId + ": placement " + placement.byNode()
                    + " does not match target " + workers + "w/" + ps + "ps");
        }
    }

    public static JobPlan waiting(String jobId, String reason) {
        return new JobPlan(jobId, 0, 0, Allocation.NONE, reason);
    }

    public static JobPlan placed(String jobId, Allocation placement, String reason) {
        return new JobPlan(jobId, placement.workers(), placement.ps(), placement, reason);
    }

    public boolean runs() {
        return workers > 0;
    }
}
