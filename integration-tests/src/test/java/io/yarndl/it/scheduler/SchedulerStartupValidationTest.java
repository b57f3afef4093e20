package io.yarndl.it.scheduler;

import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves a real ResourceManager configured with the DeepLearningScheduler refuses to start on a bad
 * {@code yarn.dl.scheduler.*} setting, with a message that names the key and what is allowed, and
 * starts its scheduler with a good one. No NodeManagers: only the RM's own init runs.
 */
class SchedulerStartupValidationTest {

    /**
     * Several ResourceManagers are initialised in this JVM, one per test; each registers Hadoop
     * metrics sources under fixed names, which the second one would find taken ("Metrics source
     * GenericEventTypeMetrics ... already exists!"). MiniYARNCluster sets the same mode.
     */
    @BeforeAll
    static void allowSeveralResourceManagersInOneJvm() {
        DefaultMetricsSystem.setMiniClusterMode(true);
    }

    @Test
    void refusesToStartWithAnUnknownPolicyAndListsTheKnownOnes() {
        String message = initFailure(conf -> conf.set(SchedulerSettings.POLICY, "optimsu"));

        assertTrue(message.contains(SchedulerSettings.POLICY), message);
        assertTrue(message.contains("optimsu"), message);
        assertTrue(message.contains("dl2, drf, fifo, gavel-fifo, gavel-fifo-perf, gavel-finish-time-fairness, gavel-finish-time-fairness-perf, gavel-max-min-fairness, gavel-max-min-fairness-perf, gavel-max-sum-throughput-perf, gavel-min-total-duration, gavel-min-total-duration-perf, optimus"), message);
    }

    @Test
    void refusesToStartWithAPolicyThatSharesGpusAndSaysWhy() {
        String message = initFailure(conf -> conf.set(SchedulerSettings.POLICY, "gavel-max-min-fairness-packed"));

        assertTrue(message.contains(SchedulerSettings.POLICY), message);
        assertTrue(message.contains("YARN gives each GPU to one container"), message);
    }

    @Test
    void refusesToStartWithAMalformedIntervalAndSaysWhatIsAllowed() {
        String message = initFailure(conf -> conf.set(SchedulerSettings.INTERVAL_MS, "5s"));

        assertTrue(message.contains(SchedulerSettings.INTERVAL_MS), message);
        assertTrue(message.contains("integer"), message);
    }

    @Test
    void refusesToStartWhenTheDeepLearningQueueIsNotALeafQueue() {
        String message = initFailure(conf -> conf.set(SchedulerSettings.QUEUES, "root.gpu"));

        assertTrue(message.contains(SchedulerSettings.QUEUES), message);
        assertTrue(message.contains("root.gpu"), message);
    }

    @Test
    void refusesToStartWithARelativeDl2ModelPath() {
        String message = initFailure(conf -> conf.set(SchedulerSettings.DL2_MODEL, "models/dl2.onnx"));

        assertTrue(message.contains(SchedulerSettings.DL2_MODEL), message);
        assertTrue(message.contains("not an absolute path"), message);
    }

    @Test
    void startsWithDl2WhenTheModelFileIsMissingAndSaysWhyItFallsBack() {
        String missing = "/nonexistent/yarn-dl/dl2-missing.onnx";
        ResourceManager rm = new ResourceManager();
        try {
            rm.init(conf(c -> {
                c.set(SchedulerSettings.POLICY, "dl2");
                c.set(SchedulerSettings.DL2_MODEL, missing);
            }));
            DeepLearningScheduler scheduler = (DeepLearningScheduler) rm.getResourceScheduler();

            String reason = scheduler.dl2Status().fallbackReason().orElseThrow();
            assertTrue(reason.contains(missing) && reason.contains("does not exist"), reason);
            assertEquals(1, scheduler.metrics().dl2().fallbacks());
            assertFalse(scheduler.metrics().dl2().isServing());
        } finally {
            rm.stop();
        }
    }

    @Test
    void initialisesWithTheShippedDefaults() {
        ResourceManager rm = new ResourceManager();
        try {
            rm.init(conf(c -> { }));
            DeepLearningScheduler scheduler = (DeepLearningScheduler) rm.getResourceScheduler();
            assertEquals(SchedulerSettings.DEFAULT_POLICY, scheduler.settings().policy());
        } finally {
            rm.stop();
        }
    }

    private static String initFailure(Consumer<Configuration> badSetting) {
        ResourceManager rm = new ResourceManager();
        try {
            Exception failure = assertThrows(Exception.class, () -> rm.init(conf(badSetting)));
            return messages(failure);
        } finally {
            rm.stop();
        }
    }

    private static Configuration conf(Consumer<Configuration> tweak) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
        conf.set(YarnConfiguration.RESOURCE_TYPES, "yarn.io/gpu");
        conf.set("yarn.scheduler.capacity.resource-calculator",
                "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
        conf.set("yarn.scheduler.capacity.root.queues", "default,dl");
        conf.set("yarn.scheduler.capacity.root.default.capacity", "40");
        conf.set("yarn.scheduler.capacity.root.dl.capacity", "60");
        // Only read, never dialled: the scheduler connects at start, and this test only initialises.
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "localhost:1");
        tweak.accept(conf);
        // Resource types are static state shared with any cluster this JVM ran before.
        ResourceUtils.resetResourceTypes(conf);
        return conf;
    }

    /** Every message in the cause chain: Hadoop wraps init failures more than once. */
    private static String messages(Throwable failure) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append(" | ");
        }
        return all.toString();
    }
}
