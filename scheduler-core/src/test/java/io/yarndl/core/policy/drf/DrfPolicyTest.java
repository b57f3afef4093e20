package io.yarndl.core.policy.drf;

import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobView;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.PlanAssertions;
import io.yarndl.core.testing.RandomWorkloads;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DrfPolicyTest {

    private final DrfPolicy drf = new DrfPolicy();

    @Test
    void startsTheJobOfTheUserWithTheLowestDominantShare() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView aliceRuns = Jobs.job("a-run").user("alice").workers(4).runningOn("n0", 4, 0).build();
        JobView bobRuns = Jobs.job("b-run").user("bob").runningOn("n1", 1, 0).build();
        JobView aliceWaits = Jobs.job("a-new").user("alice").workers(2).submittedAt(1).build();
        JobView bobWaits = Jobs.job("b-new").user("bob").workers(2).submittedAt(2).build();

        Plan plan = drf.plan(cluster, List.of(aliceRuns, bobRuns, aliceWaits, bobWaits));

        assertTrue(plan.target("b-new").runs(), "bob holds 1/8 of the GPUs, alice 4/8");
        assertFalse(plan.target("a-new").runs(), "only one GPU is left after bob's job");
    }

    @Test
    void measuresSharesByEachUsersDominantResource() {
        // 16 GPUs and 64 vcores: alice holds half the vcores but 1/16 of the GPUs, bob a quarter of the GPUs.
        ClusterSnapshot cluster = Clusters.uniform(2, 8);
        JobView aliceRuns = Jobs.job("a-run").user("alice").workerDemand(Resources.of(1, 32, 1_024))
                .runningOn("n0", 1, 0).build();
        JobView bobRuns = Jobs.job("b-run").user("bob").workerDemand(Resources.of(4, 4, 1_024))
                .runningOn("n1", 1, 0).build();
        JobView aliceWaits = Jobs.job("a-new").user("alice").gpusPerWorker(4).submittedAt(1).build();
        JobView bobWaits = Jobs.job("b-new").user("bob").gpusPerWorker(4).submittedAt(2).build();

        Plan plan = drf.plan(cluster, List.of(aliceRuns, bobRuns, aliceWaits, bobWaits));

        assertTrue(plan.target("b-new").runs(), "bob's dominant share 0.25 < alice's 0.5, though alice has fewer GPUs");
        assertFalse(plan.target("a-new").runs(), "only n1 has the vcores for one such job");
    }

    @Test
    void alternatesBetweenUsersByProgressiveFilling() {
        ClusterSnapshot cluster = Clusters.uniform(1, 6);
        List<JobView> jobs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            jobs.add(Jobs.job("a" + i).user("alice").submittedAt(i).build());
            jobs.add(Jobs.job("b" + i).user("bob").submittedAt(10 + i).build());
        }

        Plan plan = drf.plan(cluster, jobs);

        assertEquals(List.of(true, true, true, false), runs(plan, "a0", "a1", "a2", "a3"));
        assertEquals(List.of(true, true, true, false), runs(plan, "b0", "b1", "b2", "b3"));
    }

    @Test
    void startsAYoungerJobThatFitsWhenAnOlderOneDoesNot() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView wide = Jobs.job("wide").user("alice").gpusPerWorker(8).submittedAt(0).build();
        JobView small = Jobs.job("small").user("alice").workers(2).submittedAt(5).build();

        Plan plan = drf.plan(cluster, List.of(wide, small));

        assertFalse(plan.target("wide").runs());
        assertTrue(plan.target("small").runs());
    }

    @Test
    void neverPreemptsRunningJobsOfAUserAboveItsShare() {
        ClusterSnapshot cluster = Clusters.of(node("n0", 4), node("n1", 4));
        JobView hog = Jobs.job("hog").user("alice").workers(8)
                .runningOn("n0", 4, 0).runningOn("n1", 4, 0).build();
        JobView starved = Jobs.job("starved").user("bob").submittedAt(1).build();

        Plan plan = drf.plan(cluster, List.of(hog, starved));

        assertEquals(hog.allocation(), plan.target("hog").placement());
        assertFalse(plan.target("starved").runs());
    }

    @Test
    void givesTheSamePlanForTheSameInputWhateverItsOrder() {
        Random random = new Random(42);
        ClusterSnapshot cluster = Clusters.random(random);
        List<JobView> jobs = RandomWorkloads.jobs(random, cluster, 25);
        List<JobView> shuffled = new ArrayList<>(jobs);
        Collections.shuffle(shuffled, new Random(7));

        Plan first = drf.plan(cluster, jobs);

        assertEquals(first, drf.plan(cluster, jobs));
        assertEquals(first, new DrfPolicy().plan(cluster, jobs));
        assertEquals(first, drf.plan(cluster, shuffled), "decisions do not depend on the input's order");
    }

    @Test
    void respectsCapacityAndLeavesNoRoomForAnyWaitingJobOnRandomClusters() {
        PackingPlacement packing = new PackingPlacement();
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot cluster = Clusters.random(random);
            List<JobView> jobs = RandomWorkloads.jobs(random, cluster, 1 + random.nextInt(20));

            Plan plan = drf.plan(cluster, jobs);

            PlanAssertions.assertFeasible(cluster, jobs, plan);
            PlanAssertions.assertSizesWithinRange(jobs, plan);
            NodeLedger left = NodeLedger.of(cluster);
            for (JobView job : jobs) {
                JobPlan decision = plan.target(job.id());
                left.reserve(decision.placement(), job.spec().workerDemand(), job.spec().psDemand());
                if (job.isRunning()) {
                    assertEquals(job.allocation(), decision.placement(), "seed " + seed);
                } else if (decision.runs()) {
                    assertEquals(job.spec().requestedWorkers(), decision.workers());
                    assertEquals(job.spec().requestedPs(), decision.ps());
                }
            }
            for (JobView job : jobs) {
                if (!plan.target(job.id()).runs()) {
                    var spec = job.spec();
                    assertTrue(packing.place(left, PlacementRequest.of(spec, spec.requestedWorkers(),
                            spec.requestedPs(), job.allocation())).isEmpty(), "seed " + seed + ": " + job.id()
                            + " waits but fits");
                }
            }
        }
    }

    private static List<Boolean> runs(Plan plan, String... ids) {
        List<Boolean> runs = new ArrayList<>();
        for (String id : ids) {
            runs.add(plan.target(id).runs());
        }
        return runs;
    }
}
