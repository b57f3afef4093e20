package io.yarndl.core.policy;

import static io.yarndl.core.testing.Clusters.gpus;
import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.fifo.FifoPolicy;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.core.testing.Jobs;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PerQueuePolicyTest {

    /** Two nodes of four GPUs: eight in all, more than the two queues' rooms together. */
    private static ClusterSnapshot withRooms(int gpusOfA, int gpusOfB) {
        Map<String, io.yarndl.core.cluster.Resources> rooms = new LinkedHashMap<>();
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
}
