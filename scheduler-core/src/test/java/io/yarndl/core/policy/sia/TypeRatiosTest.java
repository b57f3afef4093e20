package io.yarndl.core.policy.sia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.throughput.ThroughputProfile;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class TypeRatiosTest {

    /** Sia's cluster names for its profiles' suffixes, as the simulator maps them. */
    private static final Map<String, String> SUFFIXES = Map.of("aws", "T4", "azure", "V100", "dgx-ext", "A100",
            "quad", "QUADRO", "rtx", "RTX");

    @Test
    void theShippedProfileIsSiasOneGpuThroughputOfItsMeasurements() throws IOException {
        Path traces = Path.of("..", "data", "sia", "traces");
        assertTrue(Files.isDirectory(traces), "the repository's data/sia is needed: " + traces.toAbsolutePath());
        ThroughputProfile shipped = TypeRatios.siaProfile();
        int checked = 0;
        for (String app : List.of("bert", "cifar10", "deepspeech2", "imagenet", "ncf", "yolov3")) {
            for (Map.Entry<String, String> suffix : SUFFIXES.entrySet()) {
                Path file = traces.resolve(app).resolve("placements-" + suffix.getKey() + ".csv");
                if (!Files.exists(file)) {
                    continue;
                }
                OptionalDouble value = shipped.stepsPerSecond(app, 1, suffix.getValue());
                assertTrue(value.isPresent(), app + " on " + suffix.getValue());
                assertEquals(oneReplicaThroughput(file), value.getAsDouble(), 1e-9 * value.getAsDouble(), file.toString());
                checked++;
            }
        }
        assertEquals(30, checked);
    }

    @Test
    void aRatioComesFromTheFirstProfileKnowingBothTypes() {
        TypeRatios ratios = TypeRatios.shipped();
        // imagenet: 1034.01 samples/s on one A100 against 216.56 on one T4
        assertEquals(1034.0108863035825 / 216.56016325821253, ratios.ratio("imagenet", "A100", "T4").getAsDouble(), 1e-9);
        // Gavel's table answers for its own families
        assertTrue(ratios.ratio("ResNet-50 (batch size 64)", "V100", "K80").getAsDouble() > 1);
        assertTrue(ratios.ratio("imagenet", "K80", "T4").isEmpty());
    }

    /** Sia's compute_throughputs: the largest local batch measured on one replica over the longest step there. */
    private static double oneReplicaThroughput(Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file)) {
            List<String> header = List.of(reader.readLine().split(","));
            int placement = header.indexOf("placement");
            int local = header.indexOf("local_bsz");
            int step = header.indexOf("step_time");
            double maxLocal = 0;
            double maxStep = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] cells = line.split(",");
                int replicas = cells[placement].chars().map(c -> c - '0').sum();
                if (replicas == 1) {
                    maxLocal = Math.max(maxLocal, Double.parseDouble(cells[local]));
                    maxStep = Math.max(maxStep, Double.parseDouble(cells[step]));
                }
            }
            return maxLocal / maxStep;
        }
    }
}
