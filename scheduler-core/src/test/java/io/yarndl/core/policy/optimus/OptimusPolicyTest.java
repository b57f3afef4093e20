package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.PlanAssertions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class OptimusPolicyTest {

    private final OptimusPolicy policy = new OptimusPolicy();

    @Test
    void givesMoreWorkersToTheJobThatScalesBetter() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView linear = ObservedJobs.allReduce("linear", 0, 8, w -> 10.0 * w, 3_000, 20_000, Allocation.NONE);
        JobView flat = ObservedJobs.allReduce("flat", 1, 8, w -> 10.0 + 0.2 * w, 3_000, 20_000, Allocation.NONE);

        Plan plan = policy.plan(cluster, List.of(linear, flat));

        assertTrue(plan.target("linear").workers() > plan.target("flat").workers(),
                "linear scaler got " + plan.target("linear") + ", flat got " + plan.target("flat"));
        PlanAssertions.assertFeasible(cluster, List.of(linear, flat), plan);
    }

    @Test
    void stopsAddingWorkersWhenTheyNoLongerShortenTheJob() {
        ClusterSnapshot cluster = Clusters.uniform(2, 8);
        // Speed falls with more workers: communication dominates, as for many DL2 measurements.
        JobView slowsDown = ObservedJobs.allReduce("comm-bound", 0, 16, w -> 40.0 / (0.5 + 0.5 * w), 3_000, 20_000,
                Allocation.NONE);

        JobPlan decision = policy.plan(cluster, List.of(slowsDown)).target("comm-bound");

        assertEquals(1, decision.workers(), "extra workers would slow it down: " + decision);
    }

    @Test
    void addsParameterServersWhenTheyAreTheBottleneck() {
        ClusterSnapshot cluster = Clusters.uniform(2, 8);
        // Synchronous PS law (Optimus §3.2) where server bandwidth dominates: t2 * w / p is large.
        JobView psBound = ObservedJobs.parameterServer("ps-bound", 4, 8,
                (w, p) -> 1 / (0.2 * 32 / w + 0.05 + 0.6 * w / p + 0.01 * w + 0.001 * p), 3_000, 20_000);

        JobPlan decision = policy.plan(cluster, List.of(psBound)).target("ps-bound");

        assertTrue(decision.ps() > decision.workers(), "servers are the bottleneck, got " + decision);
        PlanAssertions.assertFeasible(cluster, List.of(psBound), policy.plan(cluster, List.of(psBound)));
    }

    @Test
    void giveJobsWithoutModelsTheirMinimumOnly() {
        ClusterSnapshot cluster = Clusters.uniform(2, 8);
        JobView fresh = ObservedJobs.fresh("new", 0, 8);

        JobPlan decision = policy.plan(cluster, List.of(fresh)).target("new");

        assertEquals(1, decision.workers());
        assertTrue(decision.reason().contains("minimum"), decision.reason());
    }

    @Test
    void givesAJobThatReachedItsGoalItsMinimumAndSaysSo() {
        ClusterSnapshot cluster = Clusters.uniform(2, 8);
        JobView done = ObservedJobs.allReduce("done", 0, 8, w -> 10.0 * w, 40_000, 20_000, Allocation.NONE);

        JobPlan decision = policy.plan(cluster, List.of(done)).target("done");

        assertEquals(1, decision.workers(), decision.toString());
        assertEquals("minimum size: no steps left to its goal", decision.reason());
    }

    @Test
    void makesTheSamePlanForTheSameInput() {
        ClusterSnapshot cluster = Clusters.uniform(4, 4);
        List<JobView> jobs = randomJobs(new Random(7), 12);

        Plan first = new OptimusPolicy().plan(cluster, jobs);
        Plan again = policy.plan(cluster, jobs);
        Plan cached = policy.plan(cluster, jobs);

        assertEquals(first.jobs(), again.jobs());
        assertEquals(first.jobs(), cached.jobs());
    }

    @Test
    void neverExceedsNodeCapacityAndKeepsEveryJobWithinItsLimits() {
        Random random = new Random(11);
        for (int trial = 0; trial < 200; trial++) {
            ClusterSnapshot cluster = Clusters.random(random);
            List<JobView> jobs = randomJobs(random, 1 + random.nextInt(20));

            Plan plan = policy.plan(cluster, jobs);

            PlanAssertions.assertFeasible(cluster, jobs, plan);
            PlanAssertions.assertSizesWithinRange(jobs, plan);
            assertEquals(jobs.size(), plan.jobs().size());
        }
    }

    @Test
    void keepsAJobOnItsNodesWhenItsSizeDoesNotChange() {
        ClusterSnapshot cluster = Clusters.uniform(4, 4);
        String node = cluster.nodes().get(3).id();
        Allocation current = new Allocation(Map.of(node, new TaskCount(1, 0)));
        JobView running = ObservedJobs.allReduce("steady", 0, 4, w -> 40.0 / (0.5 + 0.5 * w), 3_000, 20_000, current);

        JobPlan decision = policy.plan(cluster, List.of(running)).target("steady");

        assertEquals(current, decision.placement());
    }

    private static List<JobView> randomJobs(Random random, int count) {
        List<JobView> jobs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double efficiency = 0.3 + 0.7 * random.nextDouble();
            int max = 1 + random.nextInt(8);
            jobs.add(random.nextInt(4) == 0 ? ObservedJobs.fresh("j" + i, i, max)
                    : ObservedJobs.allReduce("j" + i, i, max, w -> 10 * Math.pow(w, efficiency),
                            1_000 + random.nextInt(5_000), 10_000 + random.nextInt(50_000), Allocation.NONE));
        }
        return jobs;
    }
}
