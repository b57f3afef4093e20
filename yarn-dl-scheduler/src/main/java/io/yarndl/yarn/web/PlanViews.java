package io.yarndl.yarn.web;

import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.dl2.Dl2Policy;
import io.yarndl.yarn.dl2.Dl2ModelStatus;
import io.yarndl.yarn.status.SchedulerStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns the plan in force and the policy's state into the JSON views of the REST API. */
final class PlanViews {

    private final SchedulerStatus status;

    PlanViews(SchedulerStatus status) {
        this.status = status;
    }

    PlanSummary plan() {
        Plan plan = status.plan();
        SchedulerStatus.RoundCounts rounds = status.rounds();
        List<PlanSummary.Decision> jobs = new ArrayList<>();
        for (JobPlan decision : plan.jobs().values()) {
            Map<String, PlanSummary.Tasks> placement = new LinkedHashMap<>();
            for (Map.Entry<String, TaskCount> node : decision.placement().byNode().entrySet()) {
                placement.put(node.getKey(), new PlanSummary.Tasks(node.getValue().workers(), node.getValue().ps()));
            }
            jobs.add(new PlanSummary.Decision(decision.jobId(), decision.workers(), decision.ps(), placement,
                    decision.reason()));
        }
        return new PlanSummary(plan.timeSec(), plan.policy(), rounds.rounds(), rounds.failed(), rounds.timedOut(),
                rounds.invalid(), rounds.lastRoundMillis(), jobs);
    }

    PolicySummary policy() {
        Dl2ModelStatus dl2 = status.dl2();
        String version = dl2.servingVersion().orElse(null);
        String fallback = dl2.fallbackReason().orElse(null);
        return new PolicySummary(status.policy(), status.configuredPolicy(), status.availablePolicies(),
                new PolicySummary.Dl2(Dl2Policy.NAME.equals(status.policy()), version != null, version,
                        fallback != null, fallback));
    }
}
