package io.yarndl.it.scheduler;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.policy.sia.TypeRatios;
import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.GpuTypedNodeManager;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.yarn.round.PlanBook;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterEach;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves {@code sia} (scheduler-core's SiaPolicy) in a real RM on two GPU types: no mini-cluster
 * NodeManagers, but two of the test's own ({@link GpuTypedNodeManager}), four GPUs each, on
 * {@code localhost} reporting {@code gpu-type} V100 and on {@code 127.0.0.2} reporting K80, as
 * {@code GpuTypesInResourceManagerTest} starts them. The two all-reduce jobs declare batch limits
 * and model families whose one-GPU V100/K80 ratio Sia's shipped profiles know (ResNet-18, about
 * 10x, for the big job; Transformer, about 2x, for the small one), and their toy AMs train at that
 * ratio on K80; they report no batch size or noise scale, so Sia plans them by throughput at their
 * reference batch. Proves that every size given while a job trained is one of Sia's typed
 * configurations ({@code sia (p=-0.5, ...): N workers of V100|K80 on ... (model ...)}) with the count
 * the plan gave, that the second job ran beside the first rather than after it, that neither job
 * changed size more than {@value TwoJobsUnderPolicy#MAX_SIZE_CHANGES} times (no flipping), and that
 * no plan went beyond the cluster or split a job over two types (the RM's plan check refused none).
 */
class SiaInResourceManagerTest extends TwoJobsUnderPolicy {

    private static final String BIG_FAMILY = "ResNet-18 (batch size 128)";
    private static final String SMALL_FAMILY = "Transformer (batch size 16)";
    private static final BatchLimits LIMITS = new BatchLimits(32, 512, 64);
    /** What a configuration's reason says: {@code <count> workers of <type> on <n> node(s) (model <source>)}. */
    private static final Pattern CONFIGURATION = Pattern.compile(": (\\d+) workers of (V100|K80) on \\d+ nodes? \\(model ");

    private GpuTypedNodeManager v100;
    private GpuTypedNodeManager k80;

    @Override
    String policy() {
        return "sia";
    }

    @Override
    DlMiniCluster startCluster(Consumer<Configuration> schedulerConf) throws Exception {
        DlMiniCluster started = DlMiniCluster.start(DlClusterOptions.single().withNodeManagers(0)
                .withTweaks(schedulerConf).withTweaks(conf ->
                        // As on a real cluster: nodes named by host, so each carries its host's attributes.
                        conf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false)));
        try {
            GpuTypedNodeManager[] nodes = GpuTypedNodeManager.startTwo(started, "localhost", "V100", "127.0.0.2", "K80",
                    Duration.ofSeconds(60));
            v100 = nodes[0];
            k80 = nodes[1];
            return started;
        } catch (Exception | Error e) {
            started.close();
            throw e;
        }
    }

    /** Before the cluster's own {@code @AfterEach}: JUnit runs a subclass's first. */
    @AfterEach
    void stopNodeManagers() {
        GpuTypedNodeManager.stopAll(v100, k80);
    }

    @Override
    JobDescription bigJob() {
        return super.bigJob().withModelFamily(BIG_FAMILY).withBatchLimits(LIMITS);
    }

    @Override
    JobDescription smallJob() {
        return super.smallJob().withModelFamily(SMALL_FAMILY).withBatchLimits(LIMITS);
    }

    @Override
    ToyAmOptions bigAm() {
        return ToyAmOptions.defaults().withSpeedByGpuType(Map.of("K80", k80OverV100(BIG_FAMILY)));
    }

    @Override
    ToyAmOptions smallAm() {
        return ToyAmOptions.defaults().withSpeedByGpuType(Map.of("K80", k80OverV100(SMALL_FAMILY)));
    }

    /** One K80's speed over one V100's for {@code family}, as Sia bootstraps a type it has not seen. */
    private static double k80OverV100(String family) {
        return TypeRatios.shipped().ratio(family, "K80", "V100").orElseThrow();
    }

    @Override
    void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId) {
        for (String job : List.of(bigId, smallId)) {
            ToyEventLog log = job.equals(bigId) ? big : small;
            List<PlanBook.TargetChange> training = sizedWhileTraining(history, job, log);
            assertFalse(training.isEmpty(), "sia sized " + job + " while it trained: " + history);
            for (PlanBook.TargetChange change : training) {
                String reason = change.reason();
                assertTrue(reason.startsWith("sia (p=-0.5, ") || reason.startsWith("shrunk from "), reason);
                Matcher configuration = CONFIGURATION.matcher(reason);
                assertTrue(configuration.find(), "one of Sia's typed configurations: " + change);
                // Neither node holds more than four workers, so a placement never shrinks a count of one type.
                assertEquals(change.workers(), Integer.parseInt(configuration.group(1)), "the count Sia chose: " + change);
                assertTrue(change.workers() <= DlMiniCluster.GPUS_PER_NODE, "within one type's GPUs: " + change);
                assertTrue(LIMITS.allows(PolluxInResourceManagerTest.batchOf(reason)), "a batch within limits: " + change);
            }
        }
        for (String job : List.of(bigId, smallId)) {
            // grow, shrink for the other job, grow back, leave: a few; flapping runs up one a round
            assertTrue(sizeChanges(history, job) <= MAX_SIZE_CHANGES, job + " changed size "
                    + sizeChanges(history, job) + " times: " + history);
        }
        assertTrue(firstStart(small) < finish(big), "small waited for big:\n" + small.format());
        assertEquals(0, cluster.activeScheduler().planBook().invalidPlans(),
                "plans beyond the cluster or over two types: " + history);
    }
}
