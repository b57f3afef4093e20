package io.yarndl.yarn.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ExecutionType;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.api.records.NodeAttributeType;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainerState;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerNode;
import org.apache.hadoop.yarn.server.scheduler.SchedulerRequestKey;
import org.junit.jupiter.api.Test;

/**
 * A round reads each node once, room and containers together, and gives the DL jobs the containers
 * of those same readings: a container granted while the round gathers is then either in a job's
 * view and divisible room, or not yet on the node at all. Reading the jobs' containers from their
 * attempts and the nodes' room afterwards, as rounds did, lost a container granted in between: the
 * policy saw a node a container fuller than it was and planned a shrink the next round undid.
 */
class NodeReadingTest {

    private static final NodeId NODE = NodeId.newInstance("host-1", 8041);
    private static final ApplicationAttemptId DL_ATTEMPT =
            ApplicationAttemptId.newInstance(ApplicationId.newInstance(1_732_200_000_000L, 1), 1);
    private static final ApplicationAttemptId OTHER_ATTEMPT =
            ApplicationAttemptId.newInstance(ApplicationId.newInstance(1_732_200_000_000L, 2), 1);
    private static final int WORKER_PRIORITY = 1;

    private long nextContainer = 1;

    @Test
    void aContainerGrantedDuringTheRoundIsTheJobsAndDivisibleRoomNotLost() {
        FiCaSchedulerNode node = node(8, 1_000);
        node.allocateContainer(container(DL_ATTEMPT, true, 1));    // the DL job's AM: not the policy's
        node.allocateContainer(container(DL_ATTEMPT, false, 1));   // a worker it held before the round
        node.allocateContainer(container(OTHER_ATTEMPT, false, 2)); // a non-DL application's container
        node.allocateContainer(container(DL_ATTEMPT, false, 1));   // the worker granted while the round gathers

        List<NodeReading> readings = List.of(NodeReading.of(node, GpuTypeReader.defaults()));
        List<HeldTask> tasks = NodeReading.tasksByAttempt(readings).get(DL_ATTEMPT.toString());
        DlJobState job = new DlJobState(spec(DL_ATTEMPT.getApplicationId().toString()), 0, tasks, List.of());
        ClusterSnapshot snapshot = new ClusterSnapshotBuilder().build(1, readings, List.of(job));

        assertEquals(Map.of(node.getNodeName(), new TaskCount(2, 0)), job.toView().allocation().byNode(),
                "the job holds both its workers");
        Node divided = snapshot.nodes().get(0);
        assertEquals(8 - 1 - 2, divided.available().vcores(), "room: the node less the AM and the other application");
    }

    @Test
    void aContainerThatEndedButIsStillOnTheNodeIsFreeRoomNotLost() {
        FiCaSchedulerNode node = node(8, 1_000);
        node.allocateContainer(container(DL_ATTEMPT, true, 1));    // the DL job's AM
        node.allocateContainer(container(DL_ATTEMPT, false, 1));   // a worker it keeps
        RMContainer killed = container(DL_ATTEMPT, false, 2);
        node.allocateContainer(killed);
        // CapacityScheduler has marked the worker killed; the node has not given its room back yet.
        when(killed.getState()).thenReturn(RMContainerState.KILLED);

        NodeReading reading = NodeReading.of(node, GpuTypeReader.defaults());

        assertEquals(8 - 1 - 1, reading.unallocated().vcores(), "the killed worker's room is free");
        assertEquals(2, reading.containers().size(), "the AM and the kept worker; not the killed one");
        List<HeldTask> tasks = NodeReading.tasksByAttempt(List.of(reading)).get(DL_ATTEMPT.toString());
        DlJobState job = new DlJobState(spec(DL_ATTEMPT.getApplicationId().toString()), 0, tasks, List.of());
        Node divided = new ClusterSnapshotBuilder().build(1, List.of(reading), List.of(job)).nodes().get(0);
        assertEquals(8 - 1, divided.available().vcores(), "room: the node less the AM, the kept worker divisible");
    }

    @Test
    void theSnapshotsNodeCarriesTheGpuTypeOfItsNodeAttributeAndNoneWithoutOne() {
        FiCaSchedulerNode typed = node(8, 1_000);
        typed.updateNodeAttributes(Set.of(NodeAttribute.newInstance(NodeAttribute.PREFIX_DISTRIBUTED, "gpu-type",
                NodeAttributeType.STRING, "V100")));
        FiCaSchedulerNode untyped = node(8, 1_000);

        ClusterSnapshotBuilder snapshots = new ClusterSnapshotBuilder();
        Node v100 = snapshots.build(1, List.of(NodeReading.of(typed, GpuTypeReader.defaults())), List.of())
                .nodes().get(0);
        Node none = snapshots.build(1, List.of(NodeReading.of(untyped, GpuTypeReader.defaults())), List.of())
                .nodes().get(0);

        assertEquals("V100", v100.acceleratorType());
        assertEquals(Node.UNKNOWN_GPU_TYPE, none.acceleratorType(), "unlabelled and without the attribute");
    }

    @Test
    void noReadingSeesAGrantInTheRoomButNotInTheContainersOrTheOtherWayRound() throws Exception {
        int grants = 1_000;
        FiCaSchedulerNode node = node(grants, grants * 16L);
        List<RMContainer> containers = new ArrayList<>();
        for (int i = 0; i < grants; i++) {
            containers.add(container(DL_ATTEMPT, false, 1));
        }
        AtomicBoolean done = new AtomicBoolean();
        Thread granting = new Thread(() -> {
            containers.forEach(node::allocateContainer);
            done.set(true);
        });
        granting.start();
        int readingsTaken = 0;
        while (!done.get() || readingsTaken == 0) {
            NodeReading reading = NodeReading.of(node, GpuTypeReader.defaults());
            int held = reading.containers().size();
            assertEquals(grants - held, reading.unallocated().vcores(), "reading " + readingsTaken);
            readingsTaken++;
        }
        granting.join();
    }

    private static FiCaSchedulerNode node(int vcores, long memoryMb) {
        RMNode rmNode = mock(RMNode.class);
        when(rmNode.getNodeID()).thenReturn(NODE);
        when(rmNode.getHostName()).thenReturn(NODE.getHost());
        when(rmNode.getNodeAddress()).thenReturn(NODE.toString());
        when(rmNode.getRackName()).thenReturn("/rack-1");
        when(rmNode.getTotalCapability()).thenReturn(Resource.newInstance(memoryMb, vcores));
        return new FiCaSchedulerNode(rmNode, true);
    }

    private RMContainer container(ApplicationAttemptId attempt, boolean am, int vcores) {
        ContainerId id = ContainerId.newContainerId(attempt, nextContainer++);
        Resource resource = Resource.newInstance(16, vcores);
        Container container = Container.newInstance(id, NODE, NODE.toString(), resource,
                Priority.newInstance(WORKER_PRIORITY), null);
        RMContainer rmContainer = mock(RMContainer.class);
        when(rmContainer.getContainer()).thenReturn(container);
        when(rmContainer.getContainerId()).thenReturn(id);
        when(rmContainer.getApplicationAttemptId()).thenReturn(attempt);
        when(rmContainer.isAMContainer()).thenReturn(am);
        when(rmContainer.getState()).thenReturn(RMContainerState.RUNNING);
        when(rmContainer.getExecutionType()).thenReturn(ExecutionType.GUARANTEED);
        when(rmContainer.getAllocatedResource()).thenReturn(resource);
        when(rmContainer.getAllocatedSchedulerKey())
                .thenReturn(new SchedulerRequestKey(Priority.newInstance(WORKER_PRIORITY), 0, null));
        return rmContainer;
    }

    private static JobSpec spec(String id) {
        return new JobSpec(id, "toy", "alice", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, Resources.of(0, 1, 16), Resources.ZERO, 1, 4, 0, 0, 2, 0, 32,
                TrainingGoal.steps(100));
    }
}
