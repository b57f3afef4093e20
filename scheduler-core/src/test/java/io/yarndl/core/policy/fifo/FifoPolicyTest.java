package io.yarndl.core.policy.fifo;

import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.PlanAssertions;
import io.yarndl.core.testing.RandomWorkloads;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FifoPolicyTest {

    private final FifoPolicy fifo = new FifoPolicy();

    @Test
    void startsQueuedJobsInArrivalOrderAtTheirRequestedSize() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView late = Jobs.job("late").workers(4).submittedAt(30).build();
        JobView first = Jobs.job("first").workers(4).submittedAt(10).build();
        JobView tiedB = Jobs.job("b").workers(2).submittedAt(20).build();
        JobView tiedA = Jobs.job("a").workers(2).submittedAt(20).build();
        List<JobView> jobs = List.of(late, first, tiedB, tiedA);

        Plan plan = fifo.plan(cluster, jobs);

        assertEquals(4, plan.target("first").workers());
        assertEquals(2, plan.target("a").workers());
        assertEquals(2, plan.target("b").workers());
        assertFalse(plan.target("late").runs());
        assertEquals(List.of("late", "first", "b", "a"), List.copyOf(plan.jobs().keySet()));
        assertEquals("fifo", plan.policy());
    }

    @Test
    void blocksEveryJobBehindAHeadThatDoesNotFit() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView running = Jobs.job("running").workers(4).runningOn("n0", 4, 0).submittedAt(0).build();
        JobView head = Jobs.job("head").workers(6).submittedAt(1).build();
        JobView small = Jobs.job("small").workers(1).submittedAt(2).build();

        Plan plan = fifo.plan(cluster, List.of(running, head, small));

        assertFalse(plan.target("head").runs());
        assertFalse(plan.target("small").runs(), "no backfilling past the head");
        assertEquals("queued behind job head", plan.target("small").reason());
    }

    @Test
    void neverPreemptsOrResizesRunningJobs() {
        ClusterSnapshot cluster = Clusters.of(node("n0", 4), node("n1", 4));
        // Runs smaller than it asked for, spread over both nodes: FIFO leaves it exactly so.
        JobView running = Jobs.job("running").workers(4).workerRange(1, 4)
                .runningOn("n0", 1, 0).runningOn("n1", 1, 0).submittedAt(50).build();
        JobView earlier = Jobs.job("earlier").gpusPerWorker(4).submittedAt(0).build();

        Plan plan = fifo.plan(cluster, List.of(earlier, running));

        JobPlan kept = plan.target("running");
        assertEquals(running.allocation(), kept.placement());
        assertFalse(plan.target("earlier").runs(), "only 3 GPUs are left on each node; it needs 4 on one");
    }

    @Test
    void restartsARunningJobWhoseNodeIsGone() {
        ClusterSnapshot cluster = Clusters.uniform(1, 4);
        JobView orphan = Jobs.job("orphan").workers(2).runningOn("lost", 2, 0).build();

        Plan plan = fifo.plan(cluster, List.of(orphan));

        assertEquals(Map.of("n0", new TaskCount(2, 0)), plan.target("orphan").placement().byNode());
    }

    @Test
    void placesWithTheStrategyItWasGiven() {
        PlacementStrategy nowhere = new PlacementStrategy() {
            @Override
            public String name() {
                return "nowhere";
            }

            @Override
            public Optional<io.yarndl.core.job.Allocation> place(io.yarndl.core.placement.NodeLedger ledger,
                                                                 io.yarndl.core.placement.PlacementRequest request) {
                return Optional.empty();
            }
        };

        Plan plan = new FifoPolicy(nowhere).plan(Clusters.uniform(2, 8), List.of(Jobs.job("j").build()));

        assertFalse(plan.target("j").runs());
    }

    @Test
    void keepsCapacityArrivalOrderAndRunningJobsOnRandomClusters() {
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot cluster = Clusters.random(random);
            List<JobView> jobs = RandomWorkloads.jobs(random, cluster, 1 + random.nextInt(20));

            Plan plan = fifo.plan(cluster, jobs);

            PlanAssertions.assertFeasible(cluster, jobs, plan);
            PlanAssertions.assertSizesWithinRange(jobs, plan);
            boolean someoneWaits = false;
            for (JobView job : jobs.stream().sorted(Comparator.comparingDouble(JobView::submitTimeSec)
                    .thenComparing(JobView::id)).toList()) {
                JobPlan decision = plan.target(job.id());
                if (job.isRunning()) {
                    assertEquals(job.allocation(), decision.placement(), "seed " + seed);
                    continue;
                }
                assertFalse(someoneWaits && decision.runs(), "seed " + seed + ": " + job.id() + " jumped the queue");
                someoneWaits |= !decision.runs();
                if (decision.runs()) {
                    assertEquals(job.spec().requestedWorkers(), decision.workers());
                    assertEquals(job.spec().requestedPs(), decision.ps());
                }
            }
            assertTrue(plan.jobs().values().stream().allMatch(d -> !d.runs() || !d.placement().isEmpty()));
        }
    }
}
