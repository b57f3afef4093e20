package io.yarndl.it.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.GpuTypedNodeManager;
import io.yarndl.it.support.LiveContainers;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.support.Poll;
import io.yarndl.it.support.TwoRacks;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.round.ClusterSnapshotBuilder;
import io.yarndl.yarn.round.NodeReading;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Racks in a real ResourceManager with yarn-dl's scheduler: two NodeManagers on hosts of their own
 * ({@code localhost} and {@code 127.0.0.2}), four GPUs each, put in racks {@code /rack-a} and
 * {@code /rack-b} by Hadoop's {@code TableMapping}, the way an operator maps racks ({@link TwoRacks}), and the
 * placement set to {@code spread} ({@code yarn.dl.scheduler.placement}). Proves:
 * <ul>
 *   <li>the round's snapshot carries the rack YARN resolved for each node;</li>
 *   <li>a two-worker job is planned one worker per node, so on both racks, and its containers
 *       land on exactly the nodes the plan names.</li>
 * </ul>
 *
 * <p>YARN resolves racks once per JVM, so this class forgets them ({@link TwoRacks#forgetRacks()})
 * before its cluster starts and after it stops.
 */
class RacksInResourceManagerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final long LONG_RUN = 10_000_000;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() ->
            DlMiniCluster.start(DlClusterOptions.single().withNodeManagers(0).withTweaks(conf -> {
                conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
                TwoRacks.configure(conf);
                conf.set(SchedulerSettings.POLICY, "fifo");
                conf.set(SchedulerSettings.PLACEMENT, "spread");
                conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
            })));

    private static GpuTypedNodeManager nodeA;
    private static GpuTypedNodeManager nodeB;

    @BeforeAll
    static void startNodeManagersInTwoRacks() throws Exception {
        GpuTypedNodeManager[] started = GpuTypedNodeManager.startTwo(CLUSTER.get(), TwoRacks.HOST_A, "V100",
                TwoRacks.HOST_B, "V100",
                TIMEOUT);
        nodeA = started[0];
        nodeB = started[1];
    }

    @AfterAll
    static void stopNodeManagersAndForgetTheRacks() {
        GpuTypedNodeManager.stopAll(nodeA, nodeB);
        // The cluster stops after this; later classes resolve racks with their own configuration.
        TwoRacks.forgetRacks();
    }

    private static ClusterSnapshot snapshot() {
        DeepLearningScheduler scheduler = CLUSTER.get().activeScheduler();
        return new ClusterSnapshotBuilder().build(System.currentTimeMillis() / 1000.0,
                NodeReading.ofAll(scheduler.getAllNodes(), scheduler.gpuTypeReader().forOneRound()), List.of());
    }

    private static Map<String, String> racksOf(ClusterSnapshot snapshot) {
        Map<String, String> racks = new TreeMap<>();
        for (Node node : snapshot.nodes()) {
            racks.put(node.id(), node.rack());
        }
        return racks;
    }

    @Test
    void eachNodeCarriesTheRackTheTopologyMappingGivesIt() throws Exception {
        Map<String, String> expected = new TreeMap<>(Map.of(nodeA.nodeId().getHost(), TwoRacks.RACK_A,
                nodeB.nodeId().getHost(), TwoRacks.RACK_B));
        Poll.until("the snapshot's nodes carry /rack-a and /rack-b", TIMEOUT, Poll.INTERVAL,
                () -> racksOf(snapshot()).equals(expected), () -> "racks " + racksOf(snapshot()));
    }

    @Test
    void spreadPutsATwoWorkerJobOnBothRacksAndItsContainersLandWhereThePlanSays() throws Exception {
        String a = nodeA.nodeId().getHost();
        String b = nodeB.nodeId().getHost();
        try (ToyJobClient client = ToyJobClient.on(CLUSTER.get())) {
            ApplicationId job = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("spread", 2, 2, 2, LONG_RUN),
                    ToyAmOptions.defaults());
            try {
                Poll.until("one worker on each node", TIMEOUT, Poll.INTERVAL,
                        () -> LiveContainers.workerNodes(CLUSTER.get(), job).equals(List.of(a, b).stream().sorted().toList()),
                        () -> "plan " + CLUSTER.get().activeScheduler().planBook().current() + "; workers on "
                                + LiveContainers.workerNodes(CLUSTER.get(), job));
                assertEquals(Set.of(a, b), LiveContainers.plannedNodes(CLUSTER.get(), job),
                        "the plan names the nodes the containers landed on");
            } finally {
                client.yarnClient().killApplication(job);
            }
        }
    }
}
