package io.yarndl.core.policy;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanValidatorTest {

    /** A parameter-server job: 1 to 4 workers of one GPU, 1 to 2 servers of none. */
    private static final JobSpec PS_JOB = new JobSpec("job-ps", "resnet", "alice", "root.dl", Framework.MXNET,
            Architecture.PARAMETER_SERVER, SyncMode.SYNCHRONOUS, Resources.of(1, 2, 2048), Resources.of(0, 2, 2048),
            1, 4, 1, 2, 2, 1, 64, TrainingGoal.steps(100));
    private static final JobSpec OTHER = new JobSpec("job-ar", "bert", "bob", "root.dl", Framework.PYTORCH,
            Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, Resources.of(1, 2, 2048), Resources.ZERO,
            1, 4, 0, 0, 2, 0, 64, TrainingGoal.steps(100));

    /** Two nodes of four GPUs, 16 cores and 16 GiB. */
    private static final ClusterSnapshot CLUSTER = new ClusterSnapshot(0, List.of(node("n1"), node("n2")));

    private static Node node(String id) {
        Resources room = Resources.of(4, 16, 16_384);
        return new Node(id, "/rack", "default", room, room);
    }

    private static JobPlan placed(JobSpec spec, Map<String, TaskCount> byNode) {
        return JobPlan.placed(spec.id(), new Allocation(byNode), "test");
    }

    private static InvalidPlanException refused(JobPlan... decisions) {
        Plan plan = Plan.of(0, "scripted", List.of(decisions));
        return assertThrows(InvalidPlanException.class, () -> PlanValidator.check(plan, CLUSTER, List.of(PS_JOB, OTHER)));
    }

    @Test
    void acceptsAPlanWithinSizesAndRoomOnEveryNode() {
        Plan plan = Plan.of(0, "scripted", List.of(
                placed(PS_JOB, Map.of("n1", new TaskCount(2, 1), "n2", new TaskCount(2, 1))),
                placed(OTHER, Map.of("n1", new TaskCount(2, 0)))));

        assertDoesNotThrow(() -> PlanValidator.check(plan, CLUSTER, List.of(PS_JOB, OTHER)));
    }

    @Test
    void refusesTwoJobsTogetherOverCommittingANodeNamingItAndTheRoom() {
        InvalidPlanException e = refused(placed(PS_JOB, Map.of("n1", new TaskCount(3, 1))),
                placed(OTHER, Map.of("n1", new TaskCount(2, 0))));

        assertTrue(e.getMessage().contains("over-committed node n1"), e.getMessage());
        assertEquals("scripted", e.policy());
    }

    @Test
    void refusesParameterServersOutsideTheJobsBounds() {
        InvalidPlanException e = refused(placed(PS_JOB, Map.of("n1", new TaskCount(2, 3))), JobPlan.waiting(OTHER.id(), "w"));

        assertTrue(e.getMessage().contains("job-ps with 3 parameter servers, outside [1, 2]"), e.getMessage());
    }

    @Test
    void refusesWorkersOutsideTheJobsBounds() {
        InvalidPlanException e = refused(JobPlan.waiting(PS_JOB.id(), "w"), placed(OTHER, Map.of("n1",
                new TaskCount(3, 0), "n2", new TaskCount(2, 0))));

        assertTrue(e.getMessage().contains("job-ar with 5 workers, outside [1, 4]"), e.getMessage());
    }

    @Test
    void refusesARunningJobThatNamesNoNodes() {
        InvalidPlanException e = refused(new JobPlan(PS_JOB.id(), 2, 1, Allocation.NONE, "anywhere"),
                JobPlan.waiting(OTHER.id(), "w"));

        assertTrue(e.getMessage().contains("names no nodes"), e.getMessage());
    }

    @Test
    void refusesTasksOnANodeOutsideTheSnapshot() {
        InvalidPlanException e = refused(placed(PS_JOB, Map.of("n3", new TaskCount(1, 1))), JobPlan.waiting(OTHER.id(), "w"));

        assertTrue(e.getMessage().contains("node n3, which is not in the snapshot"), e.getMessage());
    }

    @Test
    void refusesAPlanThatForgetsAJobOrNamesOneItWasNotGiven() {
        assertTrue(refused(JobPlan.waiting(PS_JOB.id(), "w")).getMessage().contains("decided nothing for job job-ar"));
        assertTrue(refused(JobPlan.waiting(PS_JOB.id(), "w"), JobPlan.waiting(OTHER.id(), "w"),
                JobPlan.waiting("job-x", "w")).getMessage().contains("planned job job-x, which it was not given"));
    }

    @Test
    void refusesAPlanOverAQueuesRoomThoughTheNodesHaveMore() {
        ClusterSnapshot limited = new ClusterSnapshot(0, CLUSTER.nodes(), Map.of("root.dl", Resources.of(3, 16, 16_384)));
        Plan plan = Plan.of(0, "scripted", List.of(placed(OTHER, Map.of("n1", new TaskCount(2, 0), "n2",
                new TaskCount(2, 0))), JobPlan.waiting(PS_JOB.id(), "w")));

        InvalidPlanException e = assertThrows(InvalidPlanException.class,
                () -> PlanValidator.check(plan, limited, List.of(PS_JOB, OTHER)));

        assertTrue(e.getMessage().contains("for queue root.dl, beyond its room"), e.getMessage());
    }

    @Test
    void refusesRunningAJobOfAQueueTheSnapshotGivesNoRoom() {
        ClusterSnapshot limited = new ClusterSnapshot(0, CLUSTER.nodes(), Map.of("root.other", Resources.of(8, 32, 32_768)));
        Plan plan = Plan.of(0, "scripted", List.of(placed(OTHER, Map.of("n1", new TaskCount(1, 0))),
                JobPlan.waiting(PS_JOB.id(), "w")));

        InvalidPlanException e = assertThrows(InvalidPlanException.class,
                () -> PlanValidator.check(plan, limited, List.of(PS_JOB, OTHER)));

        assertTrue(e.getMessage().contains("queue root.dl, which the snapshot gives no room"), e.getMessage());
    }

    @Test
    void refusesAJobWhoseGpuTasksSitOnTwoGpuTypes() {
        ClusterSnapshot mixed = Clusters.of(Clusters.typed("v0", "V100", 4),
                Clusters.typed("k0", "K80", 4));
        JobSpec job = Jobs.job("mixed").workerRange(1, 4).workers(2).spec();
        Plan plan = Plan.of(0, "test", List.of(JobPlan.placed(job.id(), new Allocation(Map.of(
                "v0", new TaskCount(1, 0), "k0", new TaskCount(1, 0))), "split")));
        InvalidPlanException e = assertThrows(InvalidPlanException.class,
                () -> PlanValidator.check(plan, mixed, List.of(job)));
        assertTrue(e.getMessage().contains("[K80, V100]"), e.getMessage());
    }
}
