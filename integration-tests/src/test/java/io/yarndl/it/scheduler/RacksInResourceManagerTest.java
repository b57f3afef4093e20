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
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.round.ClusterSnapshotBuilder;
import io.yarndl.yarn.round.NodeReading;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.net.TableMapping;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.util.RackResolver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Racks in a real ResourceManager with yarn-dl's scheduler: two NodeManagers on hosts of their own
 * ({@code localhost} and {@code 127.0.0.2}), four GPUs each, put in racks {@code /rack-a} and
 * {@code /rack-b} by Hadoop's {@link TableMapping}, the way an operator maps racks
 * ({@code net.topology.node.switch.mapping.impl}, {@code net.topology.table.file.name}), and the
 * placement set to {@code spread} ({@code yarn.dl.scheduler.placement}). Proves:
 * <ul>
 *   <li>the round's snapshot carries the rack YARN resolved for each node;</li>
 *   <li>a two-worker job is planned one worker per node, so on both racks, and its containers
 *       land on exactly the nodes the plan names.</li>
 * </ul>
 *
 * <p>YARN resolves racks through {@link RackResolver}, which initialises once per JVM and keeps its
 * mapping; the integration tests share a JVM, so this class resets it (Hadoop's test-only
 * {@code RackResolver.reset()}) before its cluster starts and after it stops.
 */
class RacksInResourceManagerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String HOST_A = "localhost";
    private static final String HOST_B = "127.0.0.2";
    private static final long LONG_RUN = 10_000_000;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> {
        resetRackResolver();
        Path table = rackTable();
        return DlMiniCluster.start(DlClusterOptions.single().withNodeManagers(0).withTweaks(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false);
            conf.set(CommonConfigurationKeysPublic.NET_TOPOLOGY_NODE_SWITCH_MAPPING_IMPL_KEY, TableMapping.class.getName());
            conf.set(CommonConfigurationKeysPublic.NET_TOPOLOGY_TABLE_MAPPING_FILE_KEY, table.toString());
            conf.set(SchedulerSettings.POLICY, "fifo");
            conf.set(SchedulerSettings.PLACEMENT, "spread");
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        }));
    });

    private static GpuTypedNodeManager nodeA;
    private static GpuTypedNodeManager nodeB;

    /**
     * The table file: each NodeManager's host and its rack, by name and by address, since Hadoop's
     * rack cache looks hosts up by address (it maps {@code localhost} to {@code 127.0.0.1}).
     */
    private static Path rackTable() {
        try {
            Path table = Files.createTempFile("yarn-dl-racks", ".txt");
            table.toFile().deleteOnExit();
            Files.writeString(table, rows(HOST_A, "/rack-a") + rows(HOST_B, "/rack-b"));
            return table;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String rows(String host, String rack) throws IOException {
        String name = GpuTypedNodeManager.nodeHost(host);
        return name + " " + rack + "\n" + InetAddress.getByName(name).getHostAddress() + " " + rack + "\n";
    }

    @BeforeAll
    static void startNodeManagersInTwoRacks() throws Exception {
        GpuTypedNodeManager[] started = GpuTypedNodeManager.startTwo(CLUSTER.get(), HOST_A, "V100", HOST_B, "V100",
                TIMEOUT);
        nodeA = started[0];
        nodeB = started[1];
    }

    @AfterAll
    static void stopNodeManagersAndForgetTheRacks() {
        GpuTypedNodeManager.stopAll(nodeA, nodeB);
        // The cluster stops after this; later classes resolve racks with their own configuration.
        resetRackResolver();
    }

    private static void resetRackResolver() {
        try {
            Method reset = RackResolver.class.getDeclaredMethod("reset");
            reset.setAccessible(true);
            reset.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("RackResolver.reset() is gone from this Hadoop: " + e, e);
        }
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
        Map<String, String> expected = new TreeMap<>(Map.of(nodeA.nodeId().getHost(), "/rack-a",
                nodeB.nodeId().getHost(), "/rack-b"));
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
