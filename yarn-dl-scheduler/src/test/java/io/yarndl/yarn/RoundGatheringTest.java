package io.yarndl.yarn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.yarndl.contract.job.JobDescriptions;
import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.yarn.round.ClusterSnapshotBuilder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ExecutionType;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainerState;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerApplication;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerNode;
import org.apache.hadoop.yarn.server.scheduler.SchedulerRequestKey;
import org.junit.jupiter.api.Test;

/**
 * A round's jobs and its nodes come from one reading, however CapacityScheduler grants meanwhile.
 * Here every lookup the round makes into the scheduler (its applications, a container's node) is
 * preceded by one more grant to the DL job, on the node and in the attempt, as the allocation
 * thread may do at any moment. Rounds used to read a job's containers from its attempt and the
 * nodes' room afterwards: the grants in between filled the node but not the job, the policy saw a
 * node fuller than the job's share and planned a shrink it did not mean (seen in a real RM as
 * {@code FifoInResourceManagerTest}'s {@code expected <6> but was <5>}).
 */
class RoundGatheringTest {

    private static final NodeId NODE = NodeId.newInstance("host-1", 8041);
    private static final ApplicationId DL_APP = ApplicationId.newInstance(1_732_200_000_000L, 1);
    private static final ApplicationAttemptId DL_ATTEMPT = ApplicationAttemptId.newInstance(DL_APP, 1);
    private static final ApplicationAttemptId OTHER_ATTEMPT =
            ApplicationAttemptId.newInstance(ApplicationId.newInstance(1_732_200_000_000L, 2), 1);
    private static final int NODE_VCORES = 16;
    private static final int AM_VCORES = 1;
    private static final int OTHER_VCORES = 2;
    private static final int WORKER_VCORES = 1;

    private long nextContainer = 1;

    @Test
    void grantsDuringTheRoundNeverLeaveANodeFullerThanItsJobsAndOthersHold() {
        FiCaSchedulerNode node = node();
        List<RMContainer> attemptsContainers = new ArrayList<>();
        grant(node, attemptsContainers, container(DL_ATTEMPT, true, AM_VCORES));
        grant(node, attemptsContainers, container(DL_ATTEMPT, false, WORKER_VCORES));
        node.allocateContainer(container(OTHER_ATTEMPT, false, OTHER_VCORES));
        Deque<RMContainer> coming = new ArrayDeque<>();
        for (int i = 0; i < 4; i++) {
            coming.add(container(DL_ATTEMPT, false, WORKER_VCORES));
        }
        Runnable grantOne = () -> {
            if (!coming.isEmpty()) {
                grant(node, attemptsContainers, coming.poll());
            }
        };
        DeepLearningScheduler scheduler = schedulerGrantingBeforeEachLookup(node, attemptsContainers, grantOne);

        RoundGathering.Inputs in = new RoundGathering(new RmJobCollector(scheduler), (nodes, jobs) -> Map.of())
                .read(List.of(node), List.of(dlApplication()), Optional.empty());
        ClusterSnapshot snapshot = new ClusterSnapshotBuilder().build(1, in.nodes(), in.jobs());

        // A policy divides a node's free room plus what its DL jobs hold: all but the AM and the other application.
        assertEquals(NODE_VCORES - AM_VCORES - OTHER_VCORES, snapshot.nodes().get(0).available().vcores(),
                "divisible room on the node");
        assertEquals(Map.of(node.getNodeName(), new TaskCount(1, 0)), in.jobs().get(0).toView().allocation().byNode(),
                "the job holds the worker of the node's reading; later grants are the next round's");
    }

    /** The scheduler as the round's gathering sees it, with a grant before each of its lookups. */
    private static DeepLearningScheduler schedulerGrantingBeforeEachLookup(FiCaSchedulerNode node,
                                                                           List<RMContainer> attemptsContainers,
                                                                           Runnable grantOne) {
        FiCaSchedulerApp attempt = mock(FiCaSchedulerApp.class);
        when(attempt.getApplicationAttemptId()).thenReturn(DL_ATTEMPT);
        when(attempt.getLiveContainers()).thenAnswer(call -> {
            grantOne.run();
            return List.copyOf(attemptsContainers);
        });
        @SuppressWarnings("unchecked")
        SchedulerApplication<FiCaSchedulerApp> application = mock(SchedulerApplication.class);
        when(application.getCurrentAppAttempt()).thenReturn(attempt);
        DeepLearningScheduler scheduler = mock(DeepLearningScheduler.class);
        when(scheduler.getSchedulerApplications()).thenAnswer(call -> {
            grantOne.run();
            return Map.of(DL_APP, application);
        });
        when(scheduler.getSchedulerNode(any(NodeId.class))).thenAnswer(call -> {
            grantOne.run();
            return node;
        });
        return scheduler;
    }

    private static void grant(FiCaSchedulerNode node, List<RMContainer> attemptsContainers, RMContainer container) {
        attemptsContainers.add(container);
        node.allocateContainer(container);
    }

    private static DlApplication dlApplication() {
        return new DlApplication(DL_APP, JobDescriptions.allReduce(TrainingGoal.steps(100)), "root.dl", "alice",
                1_732_200_000_000L);
    }

    private static FiCaSchedulerNode node() {
        RMNode rmNode = mock(RMNode.class);
        when(rmNode.getNodeID()).thenReturn(NODE);
        when(rmNode.getHostName()).thenReturn(NODE.getHost());
        when(rmNode.getNodeAddress()).thenReturn(NODE.toString());
        when(rmNode.getRackName()).thenReturn("/rack-1");
        when(rmNode.getTotalCapability()).thenReturn(Resource.newInstance(NODE_VCORES * 1024L, NODE_VCORES));
        return new FiCaSchedulerNode(rmNode, true);
    }

    private RMContainer container(ApplicationAttemptId attempt, boolean am, int vcores) {
        ContainerId id = ContainerId.newContainerId(attempt, nextContainer++);
        Resource resource = Resource.newInstance(vcores * 1024L, vcores);
        Priority priority = Priority.newInstance(1);
        RMContainer rmContainer = mock(RMContainer.class);
        when(rmContainer.getContainer()).thenReturn(Container.newInstance(id, NODE, NODE.toString(), resource,
                priority, null));
        when(rmContainer.getContainerId()).thenReturn(id);
        when(rmContainer.getApplicationAttemptId()).thenReturn(attempt);
        when(rmContainer.getAllocatedNode()).thenReturn(NODE);
        when(rmContainer.isAMContainer()).thenReturn(am);
        when(rmContainer.getState()).thenReturn(RMContainerState.RUNNING);
        when(rmContainer.getExecutionType()).thenReturn(ExecutionType.GUARANTEED);
        when(rmContainer.getAllocatedResource()).thenReturn(resource);
        when(rmContainer.getAllocatedSchedulerKey()).thenReturn(new SchedulerRequestKey(priority, 0, null));
        return rmContainer;
    }
}
