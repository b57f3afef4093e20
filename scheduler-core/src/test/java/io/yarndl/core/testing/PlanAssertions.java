package io.yarndl.core.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Invariants every placing policy's plan must keep, checked the same way in every test. */
public final class PlanAssertions {

    private PlanAssertions() {
    }

    /** One decision per job, in input order, and no node given more than it has available. */
    public static void assertFeasible(ClusterSnapshot snapshot, List<JobView> jobs, Plan plan) {
        assertEquals(jobs.stream().map(JobView::id).toList(), List.copyOf(plan.jobs().keySet()),
                "one decision per job, in input order");
        Map<String, Resources> used = new HashMap<>();
        Map<String, Node> nodes = snapshot.nodesById();
        for (JobView job : jobs) {
            JobPlan decision = plan.jobs().get(job.id());
            for (Map.Entry<String, TaskCount> entry : decision.placement().byNode().entrySet()) {
                if (!nodes.containsKey(entry.getKey())) {
                    fail(job.id() + " placed on unknown node " + entry.getKey());
                }
                Resources demand = job.spec().workerDemand().times(entry.getValue().workers())
                        .plus(job.spec().psDemand().times(entry.getValue().ps()));
                used.merge(entry.getKey(), demand, Resources::plus);
            }
        }
        used.forEach((node, demand) -> assertTrue(demand.fitsIn(nodes.get(node).available()),
                () -> "node " + node + " given " + demand + " but has " + nodes.get(node).available()));
    }

    /** Every job the plan runs gets a size inside its spec's range. */
    public static void assertSizesWithinRange(List<JobView> jobs, Plan plan) {
        for (JobView job : jobs) {
            JobPlan decision = plan.jobs().get(job.id());
            if (decision.runs()) {
                assertTrue(job.spec().minWorkers() <= decision.workers()
                        && decision.workers() <= job.spec().maxWorkers(), () -> job.id() + " got " + decision);
                assertTrue(job.spec().minPs() <= decision.ps() && decision.ps() <= job.spec().maxPs(),
                        () -> job.id() + " got " + decision);
            }
        }
    }
}
