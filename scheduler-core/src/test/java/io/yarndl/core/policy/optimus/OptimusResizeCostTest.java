package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.PlanAssertions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Optimus with the resize-cost rule: a running job's size changes only where the forecast saving pays k restarts. */
class OptimusResizeCostTest {

    private static final ClusterSnapshot ONE_NODE_OF_8 = Clusters.uniform(1, 8);

    private static Allocation workersOnN0(int count) {
        return new Allocation(Map.of("n0", new TaskCount(count, 0)));
    }

    /**
     * A job at step 3,000 of about 200,000 running on 4 of the node's GPUs, its speed {@code 10 w^0.1}:
     * by its fitted models 4 more workers save about 400 s.
     */
    private static JobView barelyScaling(Restarts restarts) {
        JobView job = ObservedJobs.allReduce("flat", 0, 8, w -> 10.0 * Math.pow(w, 0.1), 3_000, 200_000,
                workersOnN0(4));
        return withRestarts(job, restarts);
    }

    private static JobView withRestarts(JobView job, Restarts restarts) {
        return new JobView(job.spec(), job.submitTimeSec(), job.allocation(), job.samples(), restarts);
    }

    private static Plan plan(ResizeSettings settings, ClusterSnapshot cluster, List<JobView> jobs) {
        Plan plan = new OptimusPolicy(new PackingPlacement(), settings).plan(cluster, jobs);
        PlanAssertions.assertFeasible(cluster, jobs, plan);
        return plan;
    }

    @Test
    void holdsARunningJobWhenItsGrowthSavesLessThanItsRestart() {
        List<JobView> jobs = List.of(barelyScaling(Restarts.NONE));

        JobPlan free = plan(ResizeSettings.OFF, ONE_NODE_OF_8, jobs).target("flat");
        JobPlan charged = plan(new ResizeSettings(2_000, 10), ONE_NODE_OF_8, jobs).target("flat");

        assertEquals(8, free.workers(), "without the rule any saving grows it: " + free);
        assertEquals(4, charged.workers(), "about 400 s saved does not pay even one 2,000 s restart: " + charged);
        assertTrue(charged.reason().contains("restart"), charged.reason());
    }

    @Test
    void growsIntoGpusNoOtherJobIsGivenWhenTheSavingPaysOneRestart() {
        // Alone on the node: the 4 idle GPUs cost no other job anything, so one restart (300 s) is the bar, not 10.
        JobPlan decision = plan(new ResizeSettings(300, 10), ONE_NODE_OF_8, List.of(barelyScaling(Restarts.NONE)))
                .target("flat");

        assertEquals(8, decision.workers(), decision.toString());
        assertTrue(decision.reason().contains("more than its restart charge of 300 s (1 x 300 s restart (prior), into idle room)"), decision.reason());
    }

    @Test
    void growsARunningJobWhenItsSavingExceedsTheRestartCharge() {
        JobView linear = ObservedJobs.allReduce("linear", 0, 8, w -> 10.0 * w, 3_000, 200_000, workersOnN0(4));

        JobPlan decision = plan(new ResizeSettings(30, 10), ONE_NODE_OF_8, List.of(linear)).target("linear");

        assertEquals(8, decision.workers(), "doubling a linear scaler saves over 2,000 s, far above 10 x 30 s: "
                + decision);
    }

    @Test
    void weighsTheJobsOwnMeasuredRestartsOverThePrior() {
        ResizeSettings cheapPrior = new ResizeSettings(30, 10);

        JobPlan unmeasured = plan(cheapPrior, ONE_NODE_OF_8, List.of(barelyScaling(Restarts.NONE))).target("flat");
        JobPlan slowRestarts = plan(cheapPrior, ONE_NODE_OF_8,
                List.of(barelyScaling(new Restarts(2, 4_000)))).target("flat");

        assertEquals(8, unmeasured.workers(), "the 30 s prior is paid: " + unmeasured);
        assertEquals(4, slowRestarts.workers(), "its own restarts took 2,000 s each: " + slowRestarts);
        assertTrue(slowRestarts.reason().contains("mean of 2 measured"), slowRestarts.reason());
    }

    @Test
    void stillShrinksARunningJobSoThatANewJobDoesNotWait() {
        JobView big = ObservedJobs.allReduce("big", 0, 8, w -> 10.0 * w, 3_000, 200_000, workersOnN0(8));
        JobView newcomer = ObservedJobs.fresh("new", 100, 8);

        Plan plan = plan(new ResizeSettings(3_600, 100), ONE_NODE_OF_8, List.of(big, newcomer));

        assertEquals(1, plan.target("new").workers(), "a waiting job's start is never held back: " + plan.target("new"));
        assertEquals(7, plan.target("big").workers(), "the rest stays with the running job: " + plan.target("big"));
    }

    @Test
    void doesNotTradeWorkersBetweenTwoRunningJobsForLessThanTheirCharges() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView a = ObservedJobs.allReduce("a", 0, 8, w -> 10.0 * w, 3_000, 200_000,
                new Allocation(Map.of("n0", new TaskCount(4, 0))));
        JobView b = ObservedJobs.allReduce("b", 1, 8, w -> 10.0 * Math.pow(w, 0.1), 3_000, 200_000,
                new Allocation(Map.of("n1", new TaskCount(4, 0))));
        List<JobView> jobs = List.of(a, b);

        Plan free = plan(ResizeSettings.OFF, cluster, jobs);
        Plan charged = plan(new ResizeSettings(3_600, 10), cluster, jobs);

        assertNotEquals(4, free.target("a").workers(), "without the rule the better scaler takes a worker: "
                + free.target("a"));
        assertEquals(4, charged.target("a").workers(), charged.target("a").toString());
        assertEquals(4, charged.target("b").workers(), charged.target("b").toString());
        assertTrue(charged.target("b").reason().contains("kept at the 4w/0ps it holds"), charged.target("b").reason());
        assertEquals(a.allocation(), charged.target("a").placement(), "held jobs keep their nodes");
    }

    @Test
    void growsPastWhatItHoldsWhenOnlySeveralWorkersTogetherPayTheCharge() {
        // Linear: one more worker saves about 990 s, four more about 2,460 s; the charge is 1,500 s.
        JobView linear = ObservedJobs.allReduce("linear", 0, 8, w -> 10.0 * w, 3_000, 200_000, workersOnN0(4));

        JobPlan decision = plan(new ResizeSettings(150, 10), ONE_NODE_OF_8, List.of(linear)).target("linear");

        assertEquals(8, decision.workers(), decision.toString());
        assertTrue(decision.reason().contains("grown past the 4w/0ps it holds by 4 workers"), decision.reason());
    }

    @Test
    void keepsAJobForecastToBeDoneAtTheSizeItHoldsWhileItFinishes() {
        JobView done = ObservedJobs.allReduce("done", 0, 8, w -> 10.0 * w, 40_000, 20_000, workersOnN0(4));

        JobPlan free = plan(ResizeSettings.OFF, ONE_NODE_OF_8, List.of(done)).target("done");
        JobPlan charged = plan(ResizeSettings.DEFAULT, ONE_NODE_OF_8, List.of(done)).target("done");

        assertEquals(1, free.workers(), "Optimus alone gives a finished job its minimum: " + free);
        assertEquals(4, charged.workers(), charged.toString());
        assertTrue(charged.reason().contains("kept at the 4w/0ps it holds while it finishes"), charged.reason());
        assertEquals(done.allocation(), charged.placement(), "nothing moves");
    }

    @Test
    void givesAWaitingJobItsMinimumBeforeAFinishingJobKeepsItsSize() {
        JobView done = ObservedJobs.allReduce("done", 0, 8, w -> 10.0 * w, 40_000, 20_000, workersOnN0(8));
        JobView newcomer = ObservedJobs.fresh("new", 100, 8);

        Plan plan = plan(ResizeSettings.DEFAULT, ONE_NODE_OF_8, List.of(done, newcomer));

        assertEquals(1, plan.target("new").workers(), plan.target("new").toString());
    }

    @Test
    void leavesNoGpuIdleThatARunningJobCouldUseAtAProfit() {
        // The other job finished: its 4 GPUs are free, and the linear scaler's saving pays its charge.
        JobView linear = ObservedJobs.allReduce("linear", 0, 8, w -> 10.0 * w, 3_000, 200_000,
                new Allocation(Map.of("n0", new TaskCount(4, 0))));
        ClusterSnapshot cluster = Clusters.uniform(2, 4);

        JobPlan decision = plan(ResizeSettings.DEFAULT, cluster, List.of(linear)).target("linear");

        assertEquals(8, decision.workers(), decision.toString());
    }
}
