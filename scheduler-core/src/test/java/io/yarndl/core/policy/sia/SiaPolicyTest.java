package io.yarndl.core.policy.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.goodput.ThroughputParams;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PlanValidator;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.GoodputJobs;
import io.yarndl.core.testing.HeldRounds;
import io.yarndl.core.testing.PlanAssertions;
import io.yarndl.core.testing.RandomWorkloads;
import io.yarndl.core.throughput.ThroughputProfile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SiaPolicyTest {

    private static final ThroughputParams SCALES = new ThroughputParams(0.02, 0.002, 0.3, 0.01, 0.01, 0.001, 1.2);

    /** One GPU of A100 is 5 times a T4 for "a100-lover", 1.1 times for "indifferent"; "no-a100" does not fit an A100. */
    private static TypeRatios ratios() throws IOException {
        String csv = "family,scale_factor,gpu_type,steps_per_second\n"
                + "a100-lover,1,T4,1\na100-lover,1,A100,5\n"
                + "indifferent,1,T4,1\nindifferent,1,A100,1.1\n"
                + "no-a100,1,T4,1\nno-a100,1,A100,0\n";
        return new TypeRatios(List.of(ThroughputProfile.read(
                new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), "test")));
    }

    private static SiaPolicy sia() throws IOException {
        return new SiaPolicy(new PackingPlacement(), SiaSettings.DEFAULT, ratios());
    }

    private static ClusterSnapshot mixed(double timeSec) {
        return new ClusterSnapshot(timeSec, List.of(Clusters.typed("t4-0", "T4", 4), Clusters.typed("a100-0", "A100", 4)));
    }

    private static Plan planChecked(SiaPolicy policy, ClusterSnapshot cluster, List<JobView> jobs) {
        Plan plan = policy.plan(cluster, jobs);
        PlanAssertions.assertFeasible(cluster, jobs, plan);
        PlanAssertions.assertSizesWithinRange(jobs, plan);
        PlanValidator.check(plan, cluster, jobs.stream().map(JobView::spec).toList());
        return plan;
    }

    private static String typeOf(ClusterSnapshot cluster, JobPlan decision) {
        Map<String, Node> nodes = cluster.nodesById();
        return nodes.get(decision.placement().byNode().keySet().iterator().next()).acceleratorType();
    }

    @Test
    void givesTheA100sToTheJobThatGainsMostOnThem() throws IOException {
        ClusterSnapshot cluster = mixed(0);
        JobView lover = GoodputJobs.job("lover").family("a100-lover").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1, 2, 4).build();
        JobView indifferent = GoodputJobs.job("indifferent").family("indifferent").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1, 2, 4).build();

        Plan plan = planChecked(sia(), cluster, List.of(indifferent, lover));

        assertEquals("A100", typeOf(cluster, plan.target("lover")), plan.target("lover").reason());
        assertEquals("T4", typeOf(cluster, plan.target("indifferent")), plan.target("indifferent").reason());
        assertTrue(plan.target("lover").reason().contains("of A100 on 1 node (model from T4)"),
                plan.target("lover").reason());
        assertEquals(4, plan.target("lover").workers());
    }

    @Test
    void usesWhatAJobMeasuredOnEachType() throws IOException {
        ClusterSnapshot cluster = mixed(0);
        // measured: no faster on A100 than on T4, whatever the profile says
        JobView job = GoodputJobs.job("j").family("a100-lover").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1, 2).measuredOn("A100", 4, 1.0, 1).build();
        JobView other = GoodputJobs.job("other").family("indifferent").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1.0, 1).measuredOn("A100", 4, 3.0, 1).build();

        Plan plan = planChecked(sia(), cluster, List.of(job, other));

        assertEquals("A100", typeOf(cluster, plan.target("other")), plan.target("other").reason());
        assertTrue(plan.target("other").reason().contains("(model measured)"), plan.target("other").reason());
    }

    @Test
    void neverPutsAJobWhereItsProfileSaysItCannotRun() throws IOException {
        ClusterSnapshot cluster = new ClusterSnapshot(0, List.of(Clusters.typed("a100-0", "A100", 8)));
        JobView job = GoodputJobs.job("j").family("no-a100").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1).build();

        JobPlan decision = planChecked(sia(), cluster, List.of(job)).target("j");

        assertFalse(decision.runs(), decision.reason());
    }

    @Test
    void theRestartPenaltyHoldsAJobWhereItRunsUnlessTheMoveIsWorthIt() throws IOException {
        ClusterSnapshot cluster = mixed(1_000);
        // 100 s old, one restart measured at 50 s: a move counts (100 - 50) / (100 + 50) = 1/3 of its goodput
        Restarts oneOf50 = new Restarts(1, 50);
        JobView indifferent = GoodputJobs.job("indifferent").family("indifferent").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1, 2, 4).runningOn("t4-0", 4).submittedAt(900).restarts(oneOf50).build();
        JobView lover = GoodputJobs.job("lover").family("a100-lover").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1, 2, 4).runningOn("t4-0", 4).submittedAt(900).restarts(oneOf50).build();

        JobPlan held = planChecked(sia(), cluster, List.of(indifferent)).target("indifferent");
        assertEquals("T4", typeOf(cluster, held), held.reason());
        assertEquals(4, held.workers());
        assertTrue(held.reason().contains("a change counts x0.33"), held.reason());
        // 5 times faster on A100s is worth a third of it
        assertEquals("A100", typeOf(cluster, planChecked(sia(), cluster, List.of(lover)).target("lover")));
    }

    @Test
    void movesAJobWhenRestartsCostNothing() throws IOException {
        ClusterSnapshot cluster = mixed(1_000);
        JobView indifferent = GoodputJobs.job("indifferent").family("indifferent").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1, 2, 4).runningOn("t4-0", 4).submittedAt(900).build();
        SiaPolicy free = new SiaPolicy(new PackingPlacement(), new SiaSettings(-0.5, 0, 1.1, 1.0, 3_000), ratios());

        assertEquals("A100", typeOf(cluster, planChecked(free, cluster, List.of(indifferent)).target("indifferent")));
    }

    @Test
    void sparesAJobYoungerThanARestart() throws IOException {
        ClusterSnapshot cluster = mixed(1_000);
        JobView indifferent = GoodputJobs.job("indifferent").family("indifferent").workerRange(1, 4).truth(SCALES)
                .measuredOn("T4", 4, 1, 2, 4).runningOn("t4-0", 4).submittedAt(990).build();
        SiaPolicy prohibitive = new SiaPolicy(new PackingPlacement(), new SiaSettings(-0.5, 1e6, 1.1, 1.0, 3_000),
                ratios());

        // 10 s old, younger than the restart it would pay: Sia does not penalise it, so it moves
        JobPlan decision = planChecked(prohibitive, cluster, List.of(indifferent)).target("indifferent");
        assertEquals("A100", typeOf(cluster, decision), decision.reason());
    }

    @Test
    void aJobWhoseSamplesSpanTwoNodesIsNotFlippedBetweenSizesRoundAfterRound() {
        // two 4-GPU T4 nodes free, an 8-GPU T4 node full: 8 workers span two nodes, though the
        // largest T4 node would hold them; its samples at 8 are from two nodes, no new ones arrive
        ClusterSnapshot cluster = Clusters.of(new Node("t4-0", "/r", "T4", Clusters.gpus(4), Clusters.gpus(4)),
                new Node("t4-1", "/r", "T4", Clusters.gpus(4), Clusters.gpus(4)),
                new Node("t4-2", "/r", "T4", Clusters.gpus(8), Clusters.gpus(0)));
        JobView job = GoodputJobs.job("a").workerRange(1, 8).truth(SCALES).measuredOn("T4", 4, 2, 4, 8)
                .runningOn("t4-0", 4).runningOn("t4-1", 4).build();
        SiaPolicy policy = new SiaPolicy(new PackingPlacement(), new SiaSettings(-0.5, 30, 1.1, 1.0, 3_000));

        List<Integer> sizes = HeldRounds.play(policy, cluster, job, 10);

        assertTrue(HeldRounds.changes(sizes) <= 1, "sizes round by round: " + sizes);
    }

    @Test
    void aLargePenaltyForWaitingRunsEveryJobThatFits() throws IOException {
        ClusterSnapshot cluster = mixed(0);
        List<JobView> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            jobs.add(GoodputJobs.job("j" + i).family(i % 2 == 0 ? "a100-lover" : "indifferent").workerRange(1, 4)
                    .truth(SCALES).measuredOn("T4", 4, 1, 2).build());
        }
        SiaPolicy everyone = new SiaPolicy(new PackingPlacement(), new SiaSettings(-0.5, 30, 100, 1.0, 3_000), ratios());

        Plan plan = planChecked(everyone, cluster, jobs);

        plan.jobs().values().forEach(d -> assertEquals(1, d.workers(), d.toString()));
        // with Sia's own 1.1 a job may wait so that another scales (its term at 1 GPU is 1, waiting 1.1),
        // but no GPU idles
        assertEquals(8, planChecked(sia(), cluster, jobs).jobs().values().stream().mapToInt(JobPlan::workers).sum());
    }

    @Test
    void plansPassTheValidatorOnRandomMixedClusters() {
        SiaPolicy policy = new SiaPolicy();
        for (int seed = 0; seed < 60; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot cluster = Clusters.random(random, "T4", "A100", "RTX");
            List<JobView> jobs = RandomWorkloads.jobs(random, cluster, 1 + random.nextInt(20));
            planChecked(policy, cluster, jobs);
        }
    }

    @Test
    void isRegisteredUnderItsName() {
        assertEquals(SiaPolicy.NAME, PolicyRegistry.standard().create("sia").name());
        assertTrue(PolicyRegistry.standard().withoutGpuSharing().names().contains("sia"));
    }
}
