package io.yarndl.it.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.dl2.ModelLoader;
import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.cluster.CapturedLog;
import io.yarndl.it.support.GpuTypedNodeManager;
import io.yarndl.it.support.LiveContainers;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.support.Poll;
import io.yarndl.it.support.TwoRacks;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.marl.MarlModelStatus;
import io.yarndl.yarn.metrics.MarlMetrics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.log4j.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@code marl} placement's safe fallback in a real ResourceManager, as {@link Dl2InResourceManagerTest}
 * proves DL2's: two NodeManagers of four GPUs in racks {@code /rack-a} and {@code /rack-b}
 * ({@link TwoRacks}), the placement {@code marl} ({@code yarn.dl.scheduler.placement}) with
 * {@code yarn.dl.scheduler.marl.model} naming a broken model: garbage bytes with a card that
 * describes them (format, layout and sha256 all right), so only ONNX Runtime can refuse it. Proves:
 * <ul>
 *   <li>the RM starts, and says {@code marl} falls back: one WARN line naming the file, the
 *       {@code marl.fallbacks} counter at 1 and the {@code marl.serving} gauge at 0 in the RM's own
 *       {@code /jmx} servlet over HTTP;</li>
 *   <li>a three-worker job is still planned (by interference-aware's rule, under the name
 *       {@code marl}) and its containers land on exactly the nodes the plan names.</li>
 * </ul>
 */
class MarlInResourceManagerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final long LONG_RUN = 10_000_000;

    private static Path model;
    private static CapturedLog log;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> {
        model = brokenModel();
        // Before the RM starts: the placement, and its model, are built at the RM's init.
        log = CapturedLog.of(MarlModelStatus.class);
        return DlMiniCluster.start(DlClusterOptions.single().withNodeManagers(0).withTweaks(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            TwoRacks.configure(conf);
            conf.set(SchedulerSettings.POLICY, "fifo");
            conf.set(SchedulerSettings.PLACEMENT, "marl");
            conf.set(SchedulerSettings.MARL_MODEL, model.toString());
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        }));
    });

    private static GpuTypedNodeManager nodeA;
    private static GpuTypedNodeManager nodeB;

    /** Garbage bytes and a card that describes them exactly: the loader's card checks pass, ONNX Runtime refuses. */
    private static Path brokenModel() {
        try {
            Path dir = Files.createTempDirectory("yarn-dl-marl");
            Path onnx = dir.resolve("marl-broken.onnx");
            byte[] garbage = "these bytes are no ONNX model".getBytes(StandardCharsets.UTF_8);
            Files.write(onnx, garbage);
            Files.writeString(ModelLoader.cardOf(onnx), """
                    {"format": "yarn-dl/marl-model-card/1", "id": "marl-broken",
                     "layout": {"version": "marl-candidates-v1", "features": 16, "candidatesPerAgent": 4,
                                "racksPerAgent": 2},
                     "model": {"file": "marl-broken.onnx", "sha256": "%s"}}
                    """.formatted(ModelLoader.sha256(garbage)));
            return onnx;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeAll
    static void startNodeManagersInTwoRacks() throws Exception {
        GpuTypedNodeManager[] started = GpuTypedNodeManager.startTwo(CLUSTER.get(), TwoRacks.HOST_A, "V100",
                TwoRacks.HOST_B, "V100", TIMEOUT);
        nodeA = started[0];
        nodeB = started[1];
    }

    @AfterAll
    static void stopNodeManagersAndForgetTheRacks() {
        GpuTypedNodeManager.stopAll(nodeA, nodeB);
        TwoRacks.forgetRacks();
        if (log != null) {
            log.close();
        }
    }

    @Test
    void aBrokenModelFallsBackLoudlyAndAJobsContainersStillLandWhereThePlanSays() throws Exception {
        List<CapturedLog.Line> warned = log.lines(Level.WARN, MarlModelStatus.FALLS_BACK);
        assertEquals(1, warned.size(), log.lines().toString());
        String reason = warned.get(0).message().substring(MarlModelStatus.FALLS_BACK.length());
        assertTrue(reason.startsWith("ONNX Runtime cannot load marl model " + model), reason);
        RmJmx jmx = RmJmx.read(CLUSTER.get().yarnConf());
        assertEquals(1, jmx.count(MarlMetrics.FALLBACKS), jmx.toString());
        assertEquals(0, jmx.value(MarlMetrics.SERVING).asInt(), jmx.toString());
        assertTrue(jmx.value(MarlMetrics.MODEL).isNull(), jmx.toString());

        try (ToyJobClient client = ToyJobClient.on(CLUSTER.get())) {
            ApplicationId job = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("marl", 3, 3, 3, LONG_RUN),
                    ToyAmOptions.defaults());
            try {
                Poll.until("three workers run where the plan says", TIMEOUT, Poll.INTERVAL,
                        () -> LiveContainers.workerNodes(CLUSTER.get(), job).size() == 3
                                && new HashSet<>(LiveContainers.workerNodes(CLUSTER.get(), job))
                                        .equals(LiveContainers.plannedNodes(CLUSTER.get(), job)),
                        () -> "plan " + CLUSTER.get().activeScheduler().planBook().current() + "; workers on "
                                + LiveContainers.workerNodes(CLUSTER.get(), job));
            } finally {
                client.yarnClient().killApplication(job);
            }
        }
        assertEquals(1, CLUSTER.get().activeScheduler().metrics().marl().fallbacks(),
                "one placement, one fallback: the job placed by it was not another");
    }
}
