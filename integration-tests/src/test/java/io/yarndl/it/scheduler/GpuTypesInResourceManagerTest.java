package io.yarndl.it.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.contract.cluster.NodeGpuTypesCodec;
import io.yarndl.contract.records.JobRecordPaths;
import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.InvalidPlanException;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PlanValidator;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.throughput.ThroughputProfile;
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
import io.yarndl.yarn.round.DlJobState;
import io.yarndl.yarn.round.NodeReading;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.round.SchedulingRound;
import java.nio.charset.StandardCharsets;
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
 * Heterogeneous GPU types in a real ResourceManager with yarn-dl's scheduler: two NodeManagers on
 * hosts of their own ({@code localhost} and {@code 127.0.0.2}, see {@link GpuTypedNodeManager}),
 * four GPUs each, that report {@code gpu-type} V100 and K80 as NodeManager node attributes, the
 * way an operator configures them, and an RM that names nodes by host, as real clusters do (so
 * CapacityScheduler sets each {@code SchedulerNode}'s attributes itself). Proves:
 * <ul>
 *   <li>the round's nodes carry V100 and K80, read from those attributes through CapacityScheduler
 *       ({@code SchedulerNode.getNodeAttributes()}), and the scheduler publishes them for AMs;</li>
 *   <li>under {@code gavel-max-sum-throughput-perf} (rounds of {@value #GAVEL_ROUND_MS} ms), two jobs
 *       of one node's four GPUs each, which declare model families of opposite V100/K80 speed
 *       ratios in Gavel's profile (ResNet-18 at batch 128 is 10x faster on a V100 than on a K80,
 *       Transformer at batch 16 2x), end up each on the type it gains most on: ResNet-18 on the
 *       V100 node, Transformer on the K80 node, although Transformer arrived first and took the V100
 *       node. Their AMs (the toy AM, which trains at the profile's speed for the type it runs on)
 *       tag their samples with the type, and the scheduler holds those tagged samples.
 *       {@code gavel-max-min-fairness-perf} would not do: for these two jobs its fair shares are
 *       half the time on each type, so they swap every round;</li>
 *   <li>a plan that puts one job's GPU workers on both types is refused by the round's plan check
 *       on a snapshot read from these live nodes, and the last good plan stays (the shipped
 *       policies never propose one, so the test hands the round a policy that does).</li>
 * </ul>
 */
class GpuTypesInResourceManagerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final long GAVEL_ROUND_MS = 5_000;
    private static final String HIGH_RATIO_FAMILY = "ResNet-18 (batch size 128)";
    private static final String LOW_RATIO_FAMILY = "Transformer (batch size 16)";
    /** Steps no job reaches while the test watches it: the test kills them. */
    private static final long LONG_RUN = 10_000_000;
    private static final String V100_HOST = "localhost";
    private static final String K80_HOST = "127.0.0.2";

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.start(
            DlClusterOptions.single().withNodeManagers(0).withTweaks(conf -> {
                conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
                // As on a real cluster: nodes named by host, one NodeManager per host.
                conf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false);
                conf.set(SchedulerSettings.POLICY, "gavel-max-sum-throughput-perf");
                conf.setLong(SchedulerSettings.GAVEL_ROUND_MS, GAVEL_ROUND_MS);
                conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
                conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 1_000);
            })));

    private static GpuTypedNodeManager v100;
    private static GpuTypedNodeManager k80;

    @BeforeAll
    static void startNodeManagersOfTwoGpuTypes() throws Exception {
        GpuTypedNodeManager[] started = GpuTypedNodeManager.startTwo(CLUSTER.get(), V100_HOST, "V100", K80_HOST, "K80",
                TIMEOUT);
        v100 = started[0];
        k80 = started[1];
    }

    @AfterAll
    static void stopNodeManagers() {
        GpuTypedNodeManager.stopAll(v100, k80);
    }

    private static DeepLearningScheduler scheduler() {
        return CLUSTER.get().activeScheduler();
    }

    /** The nodes as a round reads them, GPU types by the scheduler's own reader: what its snapshot divides. */
    private static List<NodeReading> readings() {
        return NodeReading.ofAll(scheduler().getAllNodes(), scheduler().gpuTypeReader().forOneRound());
    }

    private static ClusterSnapshot snapshot() {
        return new ClusterSnapshotBuilder().build(System.currentTimeMillis() / 1000.0, readings(), List.of());
    }

    @Test
    void eachNodeCarriesTheGpuTypeItsNodeManagerReportsAsANodeAttribute() throws Exception {
        Map<String, String> expected = Map.of(v100.nodeId().getHost(), "V100", k80.nodeId().getHost(), "K80");
        assertEquals(GpuTypedNodeManager.nodeHost(K80_HOST), k80.nodeId().getHost());

        Poll.until("the snapshot's nodes carry V100 and K80", TIMEOUT, Poll.INTERVAL,
                () -> typesOf(snapshot()).equals(expected), GpuTypesInResourceManagerTest::nodesAsTheSchedulerHasThem);
        Poll.until("the scheduler publishes the types for AMs", TIMEOUT, () -> expected.equals(published().byNode()));
        assertEquals(expected.size(), snapshot().nodes().stream().filter(n -> n.capacity().gpus() == 4).count(),
                "four GPUs each: " + snapshot().nodes());
    }

    @Test
    void eachJobRunsOnTheGpuTypeItsModelFamilyGainsMostOn() throws Exception {
        Poll.until("both nodes typed", TIMEOUT, () -> typesOf(snapshot()).size() == 2);
        String v100Node = v100.nodeId().getHost();
        String k80Node = k80.nodeId().getHost();
        try (ToyJobClient client = ToyJobClient.on(CLUSTER.get())) {
            // Transformer first: alone, it takes the V100 node, where it too runs faster.
            ApplicationId transformer = client.submit(DlMiniCluster.DL_QUEUE,
                    DlJobs.allReduce("transformer", 4, 4, 4, LONG_RUN).withModelFamily(LOW_RATIO_FAMILY),
                    ToyAmOptions.defaults().withSpeedByGpuType(Map.of("K80", speedOnK80(LOW_RATIO_FAMILY))));
            Poll.until("Transformer runs", TIMEOUT, () -> !workerNodes(transformer).isEmpty());
            ApplicationId resnet = client.submit(DlMiniCluster.DL_QUEUE,
                    DlJobs.allReduce("resnet", 4, 4, 4, LONG_RUN).withModelFamily(HIGH_RATIO_FAMILY),
                    ToyAmOptions.defaults().withSpeedByGpuType(Map.of("K80", speedOnK80(HIGH_RATIO_FAMILY))));
            try {
                Poll.until("ResNet-18's four workers on the V100 node and Transformer's on the K80 node", Duration
                        .ofSeconds(120), Poll.INTERVAL, () -> workerNodes(resnet).equals(List.of(v100Node, v100Node,
                        v100Node, v100Node)) && workerNodes(transformer).equals(List.of(k80Node, k80Node, k80Node,
                        k80Node)), () -> "plan " + scheduler().planBook().current() + "; ResNet-18 on "
                        + workerNodes(resnet) + ", Transformer on " + workerNodes(transformer));
                assertEquals(Set.of(v100Node), planned(resnet), "the plan puts ResNet-18 on the V100 node");
                assertEquals(Set.of(k80Node), planned(transformer), "and Transformer on the K80 node");
                Poll.until("samples tagged with the type each job runs on", TIMEOUT,
                        () -> lastGpuType(resnet).equals("V100") && lastGpuType(transformer).equals("K80"));
                assertTrue(samples(transformer).stream().anyMatch(sample -> sample.gpuType().equals("V100")),
                        "Transformer ran on the V100 node first: " + samples(transformer));
            } finally {
                client.yarnClient().killApplication(resnet);
                client.yarnClient().killApplication(transformer);
            }
        }
    }

    /** The job's speed on a K80 relative to a V100 at four workers, as Gavel measured its family. */
    private static double speedOnK80(String family) {
        ThroughputProfile gavel = ThroughputProfile.gavel();
        return gavel.stepsPerSecond(family, 4, "K80").orElseThrow() / gavel.stepsPerSecond(family, 4, "V100").orElseThrow();
    }

    private static List<String> workerNodes(ApplicationId application) {
        return LiveContainers.workerNodes(CLUSTER.get(), application);
    }

    private static Set<String> planned(ApplicationId application) {
        return LiveContainers.plannedNodes(CLUSTER.get(), application);
    }

    private static List<ProgressSample> samples(ApplicationId application) {
        return scheduler().zooKeeperState().records().map(watcher -> watcher.samples(application.toString()))
                .orElse(List.of());
    }

    private static String lastGpuType(ApplicationId application) {
        List<ProgressSample> samples = samples(application);
        return samples.isEmpty() ? Node.UNKNOWN_GPU_TYPE : samples.get(samples.size() - 1).gpuType();
    }

    @Test
    void aPlanSplittingAJobsGpuWorkersOverBothTypesIsRefusedAndTheLastGoodPlanStays() throws Exception {
        Poll.until("both nodes typed", TIMEOUT, Poll.INTERVAL, () -> typesOf(snapshot()).size() == 2,
                GpuTypesInResourceManagerTest::nodesAsTheSchedulerHasThem);
        JobSpec spec = DlJobs.allReduce("split", 2, 4, 2, 100).toSpec("application_1_0001", "alice", "root.dl");
        DlJobState job = new DlJobState(spec, 0, List.of(), List.of());
        String v100Node = v100.nodeId().getHost();
        String k80Node = k80.nodeId().getHost();

        InvalidPlanException refused = assertThrows(InvalidPlanException.class, () -> PlanValidator.check(
                split(spec.id(), v100Node, k80Node, 0), snapshot(), List.of(spec)));
        assertTrue(refused.getMessage().contains("GPU tasks on nodes of 2 GPU types [K80, V100]"), refused.getMessage());

        // The round's own path: the policy's plan is checked against a snapshot of these live nodes.
        PlanBook book = new PlanBook();
        SplitsOnItsSecondPlan policy = new SplitsOnItsSecondPlan(spec.id(), v100Node, k80Node);
        PolicyRegistry scripted = new PolicyRegistry().register(policy.name(), () -> policy);
        try (PolicyRunner runner = new PolicyRunner(scripted, policy.name(), Duration.ofSeconds(5))) {
            SchedulingRound round = new SchedulingRound(runner, book);
            assertTrue(round.run(1, readings(), List.of(job)).isPresent(), "two workers on the V100 node");
            assertTrue(round.run(2, readings(), List.of(job)).isEmpty(), "one on each type");
        }
        assertEquals(1, book.invalidPlans());
        assertEquals(Map.of(v100Node, new TaskCount(2, 0)), book.current().jobs().get(spec.id()).placement().byNode());
    }

    /** Plans the job's two workers on the V100 node, then one on each type. */
    private static final class SplitsOnItsSecondPlan implements SchedulingPolicy {

        private final String jobId;
        private final String v100Node;
        private final String k80Node;
        private int calls;

        SplitsOnItsSecondPlan(String jobId, String v100Node, String k80Node) {
            this.jobId = jobId;
            this.v100Node = v100Node;
            this.k80Node = k80Node;
        }

        @Override
        public String name() {
            return "splits-on-its-second-plan";
        }

        @Override
        public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
            calls++;
            return calls == 1 ? new Plan(snapshot.timeSec(), name(), Map.of(jobId, JobPlan.placed(jobId,
                    new Allocation(Map.of(v100Node, new TaskCount(2, 0))), "one type")))
                    : split(jobId, v100Node, k80Node, snapshot.timeSec());
        }
    }

    private static Plan split(String jobId, String v100Node, String k80Node, double timeSec) {
        return new Plan(timeSec, "split", Map.of(jobId, JobPlan.placed(jobId, new Allocation(
                Map.of(v100Node, new TaskCount(1, 0), k80Node, new TaskCount(1, 0))), "split over types")));
    }

    /** Each scheduler node with its attributes and partition, for a failure's message. */
    private static String nodesAsTheSchedulerHasThem() {
        StringBuilder out = new StringBuilder("the scheduler's nodes:");
        scheduler().getAllNodes().forEach(node -> out.append(' ').append(node.getNodeName()).append(" attributes ")
                .append(node.getNodeAttributes()).append(" partition '").append(node.getPartition()).append('\''));
        return out.toString();
    }

    private static Map<String, String> typesOf(ClusterSnapshot snapshot) {
        Map<String, String> types = new TreeMap<>();
        for (Node node : snapshot.nodes()) {
            if (!Node.UNKNOWN_GPU_TYPE.equals(node.acceleratorType())) {
                types.put(node.id(), node.acceleratorType());
            }
        }
        return types;
    }

    private static NodeGpuTypes published() throws Exception {
        String path = new JobRecordPaths(DlMiniCluster.ZK_ROOT).gpuTypes();
        if (CLUSTER.get().curator().checkExists().forPath(path) == null) {
            return NodeGpuTypes.none();
        }
        return new NodeGpuTypesCodec().fromJson(new String(CLUSTER.get().curator().getData().forPath(path),
                StandardCharsets.UTF_8));
    }
}
