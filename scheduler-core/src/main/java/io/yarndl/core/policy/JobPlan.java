package io.yarndl.core.policy;

import io.yarndl.core.job.Allocation;
import java.util.Objects;

/**
 * A policy's decision for one job.
 *
 * @param jobId         the job
 * @param workers       target number of workers; 0 means the job waits, whole
 * @param ps            target number of parameter servers
 * @param placement     the nodes, where the policy places ({@link Allocation#NONE} where it leaves
 *                      placement to the driver); when present its totals equal workers and ps
 * @param reason        why it got this size, for people reading the plan (e.g. the marginal gain
 *                      that won it its last worker)
 * @param sharesGpusOf  the job whose GPUs this one's tasks share (Gavel's space sharing: two jobs
 *                      on the same GPUs, each at a measured co-located speed), or empty when its
 *                      GPUs are its own. The host holds the GPUs; this job adds only its CPUs and
 *                      memory, on the host's nodes ({@link PlanValidator} checks the pairing)
 */
public record JobPlan(String jobId, int workers, int ps, Allocation placement, String reason, String sharesGpusOf) {

    public JobPlan {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(reason, "reason");
        sharesGpusOf = sharesGpusOf == null ? "" : sharesGpusOf;
        if (workers < 0 || ps < 0) {
            throw new IllegalArgumentException("job " + jobId + ": negative target " + workers + "w/" + ps + "ps");
        }
        if (!placement.isEmpty() && (placement.workers() != workers || placement.ps() != ps)) {
            throw new IllegalArgumentException("job " + jobId + ": placement " + placement.byNode()
                    + " does not match target " + workers + "w/" + ps + "ps");
        }
        if (!sharesGpusOf.isEmpty() && (workers == 0 || sharesGpusOf.equals(jobId))) {
            throw new IllegalArgumentException("job " + jobId + ": cannot share the GPUs of " + sharesGpusOf
                    + (workers == 0 ? " while it waits" : ", itself"));
        }
    }

    /** A decision whose GPUs are the job's own. */
    public JobPlan(String jobId, int workers, int ps, Allocation placement, String reason) {
        this(jobId, workers, ps, placement, reason, "");
    }

    public static JobPlan waiting(String jobId, String reason) {
        return new JobPlan(jobId, 0, 0, Allocation.NONE, reason);
    }

    public static JobPlan placed(String jobId, Allocation placement, String reason) {
        return new JobPlan(jobId, placement.workers(), placement.ps(), placement, reason);
    }

    /** A job placed on the GPUs {@code host} holds, on the same nodes. */
    public static JobPlan sharing(String jobId, Allocation placement, String host, String reason) {
        return new JobPlan(jobId, placement.workers(), placement.ps(), placement, reason,
                Objects.requireNonNull(host, "host"));
    }

    public boolean runs() {
        return workers > 0;
    }

    /** True when its tasks run on GPUs another job holds ({@link #sharesGpusOf()}). */
    public boolean sharesGpus() {
        return !sharesGpusOf.isEmpty();
    }
}
