package io.yarndl.yarn.state;

import io.yarndl.contract.json.JsonProblem;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checkpoint's {@code plan}: {@code {"timeSec":t,"policy":"optimus","jobs":[{"jobId":...,
 * "workers":2,"ps":0,"placement":{"node-1":{"workers":2,"ps":0}},"reason":"..."}]}}, decisions in
 * the plan's order.
 */
record PlanJson(double timeSec, String policy, List<Decision> jobs) {

    /** One job's decision; {@code placement} maps node names to what runs there. */
    record Decision(String jobId, int workers, int ps, Map<String, Count> placement, String reason) {

        static Decision of(JobPlan plan) {
            Map<String, Count> placement = new LinkedHashMap<>();
            plan.placement().byNode().forEach((node, count) -> placement.put(node, Count.of(count)));
            return new Decision(plan.jobId(), plan.workers(), plan.ps(), placement, plan.reason());
        }

        JobPlan toJobPlan(String at) throws JsonProblem {
            Map<String, TaskCount> byNode = new LinkedHashMap<>();
            for (Map.Entry<String, Count> node : placement.entrySet()) {
                byNode.put(node.getKey(), node.getValue().toTaskCount(at + ".placement." + node.getKey()));
            }
            return CheckpointJson.constructed(at, () -> new JobPlan(jobId, workers, ps, new Allocation(byNode), reason));
        }
    }

    /** {@code {"workers":w,"ps":p}}: a placement on one node, or a configuration a model was fitted on. */
    record Count(int workers, int ps) {

        static Count of(TaskCount count) {
            return new Count(count.workers(), count.ps());
        }

        TaskCount toTaskCount(String at) throws JsonProblem {
            return CheckpointJson.constructed(at, () -> new TaskCount(workers, ps));
        }
    }

    static PlanJson of(Plan plan) {
        return new PlanJson(plan.timeSec(), plan.policy(), plan.jobs().values().stream().map(Decision::of).toList());
    }

    Plan toPlan() throws JsonProblem {
        List<JobPlan> decisions = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            decisions.add(jobs.get(i).toJobPlan("plan.jobs[" + i + "]"));
        }
        return CheckpointJson.constructed("plan", () -> Plan.of(timeSec, policy, decisions));
    }
}
