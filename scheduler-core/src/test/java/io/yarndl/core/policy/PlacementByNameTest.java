package io.yarndl.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every policy puts its sizes on nodes with the placement the registry was built with. */
class PlacementByNameTest {

    private static final ClusterSnapshot TWO_NODES = Clusters.of(Clusters.node("n1", 4), Clusters.node("n2", 4));

    private static Plan plan(String placement, String policy, List<JobView> jobs) {
        Plan plan = PolicyRegistry.standard(placement).create(policy).plan(TWO_NODES, jobs);
        PlanValidator.check(plan, TWO_NODES, jobs.stream().map(JobView::spec).toList(),
                PlanValidator.GpuSharing.ALLOWED);
        return plan;
    }

    @Test
    void aTwoWorkerJobSitsOnOneNodePackedAndOnTwoSpread() {
        List<JobView> jobs = List.of(Jobs.job("j").workers(2).workerRange(2, 2).build());
        for (String policy : List.of("fifo", "drf", "optimus", "dl2", "gavel-max-min-fairness-perf")) {
            assertEquals(1, plan("packing", policy, jobs).target("j").placement().nodeCount(), policy);
            assertEquals(2, plan("spread", policy, jobs).target("j").placement().nodeCount(), policy);
        }
    }

    @Test
    void everyPolicyPlansAValidRoundWithEveryPlacement() {
        List<JobView> jobs = List.of(Jobs.job("a").workers(2).build(), Jobs.job("b").workers(3).submittedAt(1).build(),
                Jobs.job("c").submittedAt(2).build());
        for (String placement : PlacementStrategies.names()) {
            for (String policy : PolicyRegistry.standard().names()) {
                assertTrue(plan(placement, policy, jobs).jobs().values().stream().anyMatch(JobPlan::runs),
                        policy + "/" + placement + " ran nothing");
            }
        }
    }

    @Test
    void anUnknownPlacementIsRefusedNamingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PolicyRegistry.standard("scatter"));
        assertEquals("unknown placement 'scatter'; known placements: packing, spread, topology-aware, interference-aware,"
                + " marl", e.getMessage());
    }
}
