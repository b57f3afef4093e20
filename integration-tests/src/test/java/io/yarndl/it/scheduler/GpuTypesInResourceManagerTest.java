package io.yarndl.it.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.InvalidPlanException;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PlanValidator;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.GpuTypedNodeManager;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.support.Poll;
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
import java.util.TreeMap;
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
 *   <li>a plan that puts one job's GPU workers on both types is refused by the round's plan check
 *       on a snapshot read from these live nodes, and the last good plan stays (the shipped
 *       policies never propose one, so the test hands the round a policy that does).</li>
 * </ul>
 */
class GpuTypesInResourceManagerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String V100_HOST = "localhost";
    private static final String K80_HOST = "127.0.0.2";

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.start(
            DlClusterOptions.single().withNodeManagers(0).withTweaks(conf -> {
                conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
                // As on a real cluster: nodes named by host, one NodeManager per host.
                conf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false);
                conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
                conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 1_000);
            })));

    private static GpuTypedNodeManager v100;
    private static GpuTypedNodeManager k80;

    @BeforeAll
    static void startNodeManagersOfTwoGpuTypes() throws Exception {
        assertNotEquals(GpuTypedNodeManager.nodeHost(V100_HOST), GpuTypedNodeManager.nodeHost(K80_HOST),
                "this machine names " + K80_HOST + " like " + V100_HOST + ": the two NodeManagers would share one"
                        + " host and so one set of node attributes");
        DlMiniCluster cluster = CLUSTER.get();
        v100 = GpuTypedNodeManager.start(cluster.yarnConf(), V100_HOST, "V100", cluster.workDir());
        k80 = GpuTypedNodeManager.start(cluster.yarnConf(), K80_HOST, "K80", cluster.workDir());
        Poll.until("both NodeManagers registered", TIMEOUT,
                () -> cluster.resourceManager().getRMContext().getRMNodes().size() == 2);
    }

    @AfterAll
    static void stopNodeManagers() {
        for (GpuTypedNodeManager nodeManager : new GpuTypedNodeManager[] {k80, v100}) {
            if (nodeManager != null) {
                nodeManager.close();
            }
        }
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
