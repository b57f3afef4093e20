package io.yarndl.core.policy;

import io.yarndl.core.job.JobView;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a policy decided in one round: a target per job. Immutable; jobs in the order the policy
 * received them.
 *
 * @param timeSec the snapshot time it was made for
 * @param policy  the policy's name
 * @param jobs    one decision per job, keyed by job id
 */
public record Plan(double timeSec, String policy, Map<String, JobPlan> jobs) {

    public Plan {
        Objects.requireNonNull(policy, "policy");
        jobs = Collections.unmodifiableMap(new LinkedHashMap<>(jobs));
    }

    public static Plan of(double timeSec, String policy, List<JobPlan> decisions) {
        Map<String, JobPlan> byId = new LinkedHashMap<>();
        for (JobPlan decision : decisions) {
            if (byId.put(decision.jobId(), decision) != null) {
                throw new IllegalArgumentException("two decisions for job " + decision.jobId());
            }
        }
        return new Plan(timeSec, policy, byId);
    }

    /**
     * A plan listing {@code decisions} in the order of {@code jobs}, as {@link SchedulingPolicy#plan}
     * promises, whatever order the policy decided them in.
     */
    public static Plan inJobOrder(double timeSec, String policy, List<JobView> jobs, Map<String, JobPlan> decisions) {
        List<JobPlan> ordered = new java.util.ArrayList<>(jobs.size());
        for (JobView job : jobs) {
            JobPlan decision = decisions.get(job.id());
            if (decision == null) {
                throw new IllegalStateException("policy " + policy + " decided nothing for job " + job.id());
            }
            ordered.add(decision);
        }
        return of(timeSec, policy, ordered);
    }

    /** The decision for a job, or a waiting decision when the plan does not name it. */
    public JobPlan target(String jobId) {
        JobPlan decision = jobs.get(jobId);
        return decision != null ? decision : JobPlan.waiting(jobId, "not in plan");
    }
}
