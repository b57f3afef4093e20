package io.yarndl.sim.engine;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Refuses a plan that a real cluster could not carry out: more than a node has, a running job
 * outside its [min, max] sizes, or a job that runs without being placed. A policy bug surfaces
 * here as an exception naming the policy and the job, never as a silently wrong result.
 */
final class PlanValidator {

    private PlanValidator() {
    }

    static void check(Plan plan, ClusterSnapshot snapshot, List<JobSpec> specs) {
        Map<String, Resources> used = new HashMap<>();
        for (JobSpec spec : specs) {
            JobPlan decision = plan.target(spec.id());
            if (!decision.runs()) {
                continue;
            }
            if (decision.placement().isEmpty()) {
                throw fail(plan, spec, "runs " + decision.workers() + " workers but names no nodes");
            }
            if (decision.workers() < spec.minWorkers() || decision.workers() > spec.maxWorkers()) {
                throw fail(plan, spec, decision.workers() + " workers outside [" + spec.minWorkers() + ", "
                        + spec.maxWorkers() + "]");
            }
            if (decision.ps() < spec.minPs() || decision.ps() > spec.maxPs()) {
                throw fail(plan, spec, decision.ps() + " PS outside [" + spec.minPs() + ", " + spec.maxPs() + "]");
            }
            for (Map.Entry<String, TaskCount> entry : decision.placement().byNode().entrySet()) {
                used.merge(entry.getKey(), spec.demandOf(entry.getValue()), Resources::plus);
            }
        }
        Map<String, io.yarndl.core.cluster.Node> nodes = snapshot.nodesById();
        used.forEach((nodeId, demand) -> {
            io.yarndl.core.cluster.Node node = nodes.get(nodeId);
            if (node == null) {
                throw new IllegalStateException("policy " + plan.policy() + " placed tasks on unknown node " + nodeId);
            }
            if (!demand.fitsIn(node.available())) {
                throw new IllegalStateException("policy " + plan.policy() + " over-committed node " + nodeId + ": "
                        + demand + " planned, " + node.available() + " available");
            }
        });
    }

    private static IllegalStateException fail(Plan plan, JobSpec spec, String what) {
        return new IllegalStateException("policy " + plan.policy() + " planned job " + spec.id() + " with " + what);
    }
}
