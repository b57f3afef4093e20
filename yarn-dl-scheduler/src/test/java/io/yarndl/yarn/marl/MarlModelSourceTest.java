package io.yarndl.yarn.marl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.placement.PlacementStrategy;
import io.yarndl.core.placement.marl.serving.ServedMarlPlacement;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.dl2.Dl2Serving;
import io.yarndl.yarn.metrics.MarlMetrics;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The RM's {@code marl} placement serves the configured model, and its fallback is counted. */
class MarlModelSourceTest {

    @TempDir
    Path dir;

    @Test
    void aBrokenConfiguredModelIsCountedAsOneFallbackPerPlacementAndNoModelServes() throws Exception {
        Path onnx = dir.resolve("marl-broken.onnx");
        Files.writeString(onnx, "garbage");
        Files.writeString(dir.resolve("marl-broken.json"), "{}");
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set(SchedulerSettings.PLACEMENT, "marl");
        conf.set(SchedulerSettings.MARL_MODEL, onnx.toString());
        SchedulerSettings settings = SchedulerSettings.from(conf);
        SchedulerMetrics metrics = new SchedulerMetrics();

        PlacementStrategy placement = MarlModelSource.of(settings, metrics.marl()).newPlacement();

        assertEquals("marl", placement.name());
        String reason = ((ServedMarlPlacement) placement).fallbackReason();
        assertTrue(reason.contains(dir.resolve("marl-broken.json").toString()) && reason.contains("missing \"format\""),
                reason);
        assertEquals(1, metrics.marl().fallbacks());
        assertEquals(Optional.empty(), metrics.marl().servingVersion());
        assertEquals(0, metrics.registry().getGauges().get(MarlMetrics.SERVING).getValue());
    }

    @Test
    void everyPolicyOfTheSchedulersRegistryPlacesWithMarlFromTheConfiguredSource() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set(SchedulerSettings.PLACEMENT, "marl");
        conf.set(SchedulerSettings.MARL_MODEL, dir.resolve("absent.onnx").toString());
        SchedulerSettings settings = SchedulerSettings.from(conf);
        SchedulerMetrics metrics = new SchedulerMetrics();
        Dl2Serving serving = new Dl2Serving(settings, metrics.dl2(), MarlModelSource.of(settings, metrics.marl()));

        serving.registry().create("fifo");
        serving.registry().create("optimus");

        assertEquals(2, metrics.marl().fallbacks());
    }
}
