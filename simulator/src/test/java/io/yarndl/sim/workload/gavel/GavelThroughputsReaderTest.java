package io.yarndl.sim.workload.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GavelThroughputsReaderTest {

    private static GavelThroughputs read(String json) throws IOException {
        return GavelThroughputsReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "t.json");
    }

    @Test
    void readsGavelsFileWithUpperCaseTypesAndWithoutTheUnconsolidatedOnes() throws IOException {
        GavelThroughputs t = GavelThroughputsReader.read(RepoData.dir().resolve("gavel/simulation_throughputs.json"));

        assertEquals(Set.of("K80", "P100", "V100"), t.gpuTypes());
        assertEquals(83, t.jobTypes().size());
        GavelJobKey resnet = new GavelJobKey("ResNet-18 (batch size 16)", 1);
        assertEquals(32.353384328946916, t.isolated(resnet, "V100"), 0.0);
        // Co-location pairs are kept for a later space-sharing model.
        assertEquals(26, t.byGpuType().get("V100").get(resnet).colocated().size());
    }

    @Test
    void keepsColocatedPairsAsSelfAndOther() throws IOException {
        GavelThroughputs t = read("""
                {"k80": {"('A3C', 1)": {"null": 3.5, "('CycleGAN', 1)": [1.25, 0.75]}},
                 "k80_unconsolidated": {"('A3C', 1)": {"null": 9.0}}}""");

        GavelThroughputs.Measured a3c = t.byGpuType().get("K80").get(new GavelJobKey("A3C", 1));
        assertEquals(3.5, a3c.isolatedStepsPerSecond());
        assertEquals(new GavelThroughputs.ColocatedPair(1.25, 0.75), a3c.colocated().get(new GavelJobKey("CycleGAN", 1)));
        assertEquals(Set.of("K80"), t.gpuTypes());
    }

    @Test
    void aMalformedEntryNamesTheFileAndTheEntry() {
        IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
                () -> read("{\"v100\": {\"ResNet-18, 1\": {\"null\": 1.0}}}"));
        IllegalArgumentException pair = assertThrows(IllegalArgumentException.class,
                () -> read("{\"v100\": {\"('A3C', 1)\": {\"null\": 1.0, \"('A3C', 1)\": [1.0]}}}"));
        IllegalArgumentException alone = assertThrows(IllegalArgumentException.class,
                () -> read("{\"v100\": {\"('A3C', 1)\": {}}}"));

        assertTrue(key.getMessage().startsWith("t.json: v100 / ResNet-18, 1"), key.getMessage());
        assertTrue(pair.getMessage().contains("[self, other]"), pair.getMessage());
        assertTrue(alone.getMessage().contains("isolated"), alone.getMessage());
    }

    @Test
    void anAbsentGpuTypeIsNamedWithTheTypesThereAre() throws IOException {
        GavelThroughputs t = read("{\"v100\": {\"('A3C', 1)\": {\"null\": 1.0}}, \"k80\": {}}");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> t.isolated(new GavelJobKey("A3C", 1), "A100"));

        assertTrue(e.getMessage().contains("A100") && e.getMessage().contains("K80, V100"), e.getMessage());
    }
}
