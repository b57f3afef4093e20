package io.yarndl.core.policy.pollux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
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
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PolluxPolicyTest {

    private static final String NONE = "none";
    /** Compute of 0.02 + 0.002 s per sample, a cheap ring within a node: a job that gains from more GPUs. */
    private static final ThroughputParams SCALES = new ThroughputParams(0.02, 0.002, 0.3, 0.01, 0.01, 0.001, 1.2);
    /** The same compute, a synchronisation of 0.1 s and more per step: a job that gains less from more GPUs. */
    private static final ThroughputParams SUBLINEAR = new ThroughputParams(0.02, 0.002, 0.3, 0.02, 0.1, 0.01, 1.0);
    /** A micro-step costs 0.1 s however small: a small batch spread over many GPUs gains little. */
    private static final ThroughputParams OVERHEAD = new ThroughputParams(0.1, 0.0005, 0.3, 0.01, 0.01, 0.001, 1.2);

    private static PolluxPolicy pollux(double p) {
        return new PolluxPolicy(new PackingPlacement(), new PolluxSettings(p, 30, 1.0, 3_000));
    }

    private static Plan planChecked(PolluxPolicy policy, ClusterSnapshot cluster, List<JobView> jobs) {
        Plan plan = policy.plan(cluster, jobs);
        PlanAssertions.assertFeasible(cluster, jobs, plan);
        PlanAssertions.assertSizesWithinRange(jobs, plan);
        PlanValidator.check(plan, cluster, jobs.stream().map(JobView::spec).toList());
        return plan;
    }

    @Test
    void givesTheNoisierJobMoreGpus() {
        ClusterSnapshot cluster = Clusters.uniform(1, 8);
        // the quiet job gains nothing from batches above 64 and little from more GPUs at 64; the
        // noisy one keeps its efficiency at large batches, so more GPUs at larger batches pay
        JobView quiet = GoodputJobs.job("quiet").workerRange(1, 8).batches(64, 64, 8192, 0).noise(10)
                .truth(OVERHEAD).measuredOn(NONE, 8, 1, 2).build();
        JobView noisy = GoodputJobs.job("noisy").workerRange(1, 8).batches(64, 64, 8192, 0).noise(100_000)
                .truth(OVERHEAD).measuredOn(NONE, 8, 1, 2).build();

        Plan plan = planChecked(pollux(-1), cluster, List.of(quiet, noisy));

        assertTrue(plan.target("noisy").workers() > plan.target("quiet").workers(), plan.jobs().toString());
        assertEquals(8, plan.target("noisy").workers() + plan.target("quiet").workers(), "no GPU idles");
        assertTrue(plan.target("noisy").reason().contains("batch 8192"), plan.target("noisy").reason());
    }

    @Test
    void aLowerPowerSharesMoreEvenly() {
        ClusterSnapshot cluster = Clusters.uniform(1, 8);
        List<JobView> jobs = List.of(
                GoodputJobs.job("scales").workerRange(1, 8).truth(SCALES).measuredOn(NONE, 8, 1, 2, 4).build(),
                GoodputJobs.job("sublinear").workerRange(1, 8).truth(SUBLINEAR).measuredOn(NONE, 8, 1, 2, 4).build());

        Plan sum = planChecked(pollux(1), cluster, jobs);
        Plan fair = planChecked(pollux(-3), cluster, jobs);

        // the sum of speedups favours the job that scales; the fairer power gives the other more
        assertTrue(fair.target("sublinear").workers() > sum.target("sublinear").workers(),
                "p=1 " + sum.jobs() + " vs p=-3 " + fair.jobs());
        assertEquals(8, fair.target("scales").workers() + fair.target("sublinear").workers());
    }

    @Test
    void theRestartPenaltyHoldsAYoungJobsAllocation() {
        ClusterSnapshot cluster = new ClusterSnapshot(100, Clusters.uniform(1, 8).nodes());
        JobView running = GoodputJobs.job("a").workerRange(1, 8).truth(SCALES).measuredOn(NONE, 8, 1, 2)
                .runningOn("n0", 2).submittedAt(40).build();

        Plan costly = planChecked(new PolluxPolicy(new PackingPlacement(), new PolluxSettings(-1, 1e6, 1.0, 3_000)), cluster,
                List.of(running));
        Plan free = planChecked(new PolluxPolicy(new PackingPlacement(), new PolluxSettings(-1, 0, 1.0, 3_000)), cluster,
                List.of(running));

        // 60 s old, a restart expected to cost 10^6 s: a change counts 60 / (60 + 10^6) of its speedup
        assertEquals(2, costly.target("a").workers(), costly.target("a").reason());
        assertEquals(8, free.target("a").workers(), free.target("a").reason());
    }

    @Test
    void aJobWhoseSamplesSpanTwoNodesIsNotFlippedBetweenSizesRoundAfterRound() {
        // two 4-GPU nodes free, an 8-GPU node full: 7 and 8 workers both span two nodes, though the
        // largest node would hold 8; its samples at 8 are from two nodes, and no new ones arrive
        // while it restarts; restarts weigh nothing (prior 0), so only the model holds it
        ClusterSnapshot cluster = Clusters.of(Clusters.node("n0", 4, 4), Clusters.node("n1", 4, 4),
                Clusters.node("big", 8, 0));
        JobView job = GoodputJobs.job("a").workerRange(1, 8).truth(SCALES).measuredOn("V100", 4, 1, 2, 4, 8)
                .runningOn("n0", 4).runningOn("n1", 4).build();
        PolluxPolicy policy = new PolluxPolicy(new PackingPlacement(), new PolluxSettings(-1, 0, 1.0, 3_000));

        List<Integer> sizes = HeldRounds.play(policy, cluster, job, 10);

        assertTrue(HeldRounds.changes(sizes) <= 1, "sizes round by round: " + sizes);
    }

    @Test
    void saysWhatAResizeCountsOnceRestartsWereMeasured() {
        ClusterSnapshot cluster = new ClusterSnapshot(100, Clusters.uniform(1, 8).nodes());
        JobView running = GoodputJobs.job("a").workerRange(1, 8).truth(SCALES).measuredOn(NONE, 8, 1, 2)
                .runningOn("n0", 2).submittedAt(40).restarts(new Restarts(1, 20)).build();

        JobPlan decision = planChecked(pollux(-1), cluster, List.of(running)).target("a");

        // a measured restart took 20 s of its 60 s: (60 - 20) / (60 + 20) = 0.5
        assertTrue(decision.reason().contains("a resize counts x0.50"), decision.reason());
    }

    @Test
    void aFixedBatchJobIsAllocatedByItsThroughput() {
        ClusterSnapshot cluster = Clusters.uniform(1, 8);
        JobView job = GoodputJobs.job("fixed").workerRange(1, 8).truth(SCALES).measuredOn(NONE, 8, 1, 2, 4).build();

        JobPlan decision = planChecked(pollux(-1), cluster, List.of(job)).target("fixed");

        assertEquals(8, decision.workers(), decision.reason());
        assertTrue(decision.reason().contains("batch 256"), decision.reason());
    }

    @Test
    void runsAsManyJobsAsFitBeforeGrowingAny() {
        ClusterSnapshot cluster = Clusters.uniform(1, 4);
        List<JobView> jobs = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            jobs.add(GoodputJobs.job("j" + i).workerRange(1, 4).truth(SCALES).measuredOn(NONE, 4, 1, 2).build());
        }

        Plan plan = planChecked(pollux(-1), cluster, jobs);

        assertEquals(4, plan.jobs().values().stream().filter(JobPlan::runs).count());
        plan.jobs().values().stream().filter(JobPlan::runs).forEach(d -> assertEquals(1, d.workers(), d.toString()));
    }

    @Test
    void startsAJobMeasuredNowhereOnThePrior() {
        JobView fresh = GoodputJobs.job("new").workerRange(1, 4).build();

        JobPlan decision = planChecked(pollux(-1), Clusters.uniform(1, 4), List.of(fresh)).target("new");

        assertTrue(decision.runs(), decision.reason());
        assertTrue(decision.reason().startsWith("pollux (p=-1"), decision.reason());
    }

    @Test
    void plansPassTheValidatorOnRandomClustersAndWorkloads() {
        PolluxPolicy policy = pollux(-1);
        for (int seed = 0; seed < 60; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot cluster = Clusters.random(random);
            List<JobView> jobs = RandomWorkloads.jobs(random, cluster, 1 + random.nextInt(20));
            planChecked(policy, cluster, jobs);
        }
    }

    @Test
    void isRegisteredUnderItsName() {
        assertEquals(PolluxPolicy.NAME, PolicyRegistry.standard().create("pollux").name());
        assertFalse(PolicyRegistry.standard().withoutGpuSharing().names().isEmpty());
    }
}
