package io.yarndl.core.policy;

import static io.yarndl.core.testing.Clusters.gpus;
import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.fifo.FifoPolicy;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.PlanAssertions;
import io.yarndl.core.testing.RandomWorkloads;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PerQueuePolicyTest {

    /** Two nodes of four GPUs: eight in all, more than the two queues' rooms together. */
    private static ClusterSnapshot withRooms(int gpusOfA, int gpusOfB) {
        Map<String, Resources> rooms = new LinkedHashMap<>();
        rooms.put("root.a", gpus(gpusOfA));
        rooms.put("root.b", gpus(gpusOfB));
        return new ClusterSnapshot(0, List.of(node("n1", 4), node("n2", 4)), rooms);
    }

    private static Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        Plan plan = PerQueuePolicy.of(FifoPolicy::new).plan(snapshot, jobs);
        PlanValidator.check(plan, snapshot, jobs.stream().map(JobView::spec).toList());
        return plan;
    }

    @Test
    void dividesEachQueuesRoomAmongThatQueuesJobsOnly() {
        List<JobView> jobs = List.of(
                Jobs.job("a1").queue("root.a").workers(3).build(),
                Jobs.job("a2").queue("root.a").workers(1).submittedAt(1).build(),
                Jobs.job("b1").queue("root.b").workers(4).submittedAt(2).build());

        Plan plan = plan(withRooms(3, 5), jobs);

        // Together the rooms hold all three jobs (8 GPUs); a's room holds only a1, b's holds b1.
        assertEquals(3, plan.target("a1").workers());
        assertEquals(0, plan.target("a2").workers());
        assertEquals(4, plan.target("b1").workers());
    }

    @Test
    void neverLendsOneQueuesUnusedRoomToAnother() {
        List<JobView> jobs = List.of(
                Jobs.job("a1").queue("root.a").workers(1).build(),
                Jobs.job("b1").queue("root.b").workers(3).submittedAt(1).build());

        Plan plan = plan(withRooms(3, 2), jobs);

        assertEquals(1, plan.target("a1").workers());
        assertEquals(0, plan.target("b1").workers(), "b's room is 2 GPUs though a leaves 2 of its 3 unused");
    }

    @Test
    void letsJobsOfAQueueWithoutRoomWaitSayingSo() {
        List<JobView> jobs = List.of(Jobs.job("c1").queue("root.c").workers(1).build());

        Plan plan = plan(withRooms(3, 5), jobs);

        assertEquals(0, plan.target("c1").workers());
        assertTrue(plan.target("c1").reason().contains("queue root.c has no room"), plan.target("c1").reason());
    }

    @Test
    void plansTheWholeClusterInOneCallWhenNoQueueIsLimited() {
        ClusterSnapshot whole = new ClusterSnapshot(0, List.of(node("n1", 4), node("n2", 4)));
        List<JobView> jobs = List.of(
                Jobs.job("a1").queue("root.a").workers(3).build(),
                Jobs.job("b1").queue("root.b").workers(4).submittedAt(1).build());

        Plan plan = plan(whole, jobs);

        assertEquals(3, plan.target("a1").workers());
        assertEquals(4, plan.target("b1").workers());
    }

    @Test
    void savesWhatEveryQueuesLearningInstanceLearnedAsOneState() {
        SchedulingPolicy optimus = PerQueuePolicy.of(OptimusPolicy::new);
        LearningPolicy learning = assertInstanceOf(LearningPolicy.class, optimus);
        List<JobView> jobs = List.of(
                Jobs.job("a1").queue("root.a").workerRange(1, 2).build(),
                Jobs.job("b1").queue("root.b").workerRange(1, 2).submittedAt(1).build());

        Plan plan = optimus.plan(withRooms(3, 5), jobs);

        assertEquals("optimus", optimus.name());
        assertEquals("optimus", plan.policy());
        assertEquals("optimus", learning.saveState().policy());
    }

    @Test
    void keepsEveryShippedPolicyWithinEachQueuesRoomEvenWhenItsRunningJobsHoldMore() {
        PolicyRegistry registry = PolicyRegistry.standard();
        int overHeld = 0;
        for (String name : registry.names()) {
            SchedulingPolicy policy = PerQueuePolicy.of(() -> registry.create(name));
            for (int seed = 0; seed < 60; seed++) {
                Random random = new Random(seed);
                ClusterSnapshot cluster = Clusters.random(random);
                List<JobView> jobs = inQueues(random, RandomWorkloads.jobs(random, cluster, 1 + random.nextInt(15)));
                Map<String, Resources> rooms = new LinkedHashMap<>();
                rooms.put("root.a", part(random, cluster.totalAvailable()));
                rooms.put("root.b", part(random, cluster.totalAvailable()));
                ClusterSnapshot limited = new ClusterSnapshot(0, cluster.nodes(), rooms);
                overHeld += heldBeyondARoom(jobs, rooms) ? 1 : 0;

                // A policy that over-takes a room fails here (InvalidPlanException) or in the ledger (IllegalStateException).
                Plan plan = policy.plan(limited, jobs);

                PlanValidator.check(plan, limited, jobs.stream().map(JobView::spec).toList());
                PlanAssertions.assertSizesWithinRange(jobs, plan);
            }
        }
        assertTrue(overHeld > 20, "rooms smaller than what running jobs hold, the shrinking case, were tried: " + overHeld);
    }

    /** The same jobs, each moved to queue root.a or root.b at random. */
    private static List<JobView> inQueues(Random random, List<JobView> jobs) {
        List<JobView> moved = new ArrayList<>(jobs.size());
        for (JobView job : jobs) {
            JobSpec s = job.spec();
            JobSpec spec = new JobSpec(s.id(), s.name(), s.user(), random.nextBoolean() ? "root.a" : "root.b",
                    s.framework(), s.architecture(), s.syncMode(), s.workerDemand(), s.psDemand(), s.minWorkers(),
                    s.maxWorkers(), s.minPs(), s.maxPs(), s.requestedWorkers(), s.requestedPs(), s.globalBatchSize(),
                    s.goal());
            moved.add(new JobView(spec, job.submitTimeSec(), job.allocation(), job.samples()));
        }
        return moved;
    }

    /** Between none and all of {@code whole}, each dimension drawn apart. */
    private static Resources part(Random random, Resources whole) {
        return new Resources((int) (whole.gpus() * random.nextDouble()), (int) (whole.vcores() * random.nextDouble()),
                (long) (whole.memoryMb() * random.nextDouble()));
    }

    private static boolean heldBeyondARoom(List<JobView> jobs, Map<String, Resources> rooms) {
        Map<String, Resources> held = new LinkedHashMap<>();
        for (JobView job : jobs) {
            JobSpec spec = job.spec();
            Resources holds = spec.workerDemand().times(job.allocation().workers())
                    .plus(spec.psDemand().times(job.allocation().ps()));
            held.merge(spec.queue(), holds, Resources::plus);
        }
        return held.entrySet().stream().anyMatch(e -> !e.getValue().fitsIn(rooms.get(e.getKey())));
    }
}
