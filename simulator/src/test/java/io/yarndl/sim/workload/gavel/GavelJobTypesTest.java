package io.yarndl.sim.workload.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.Architecture;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class GavelJobTypesTest {

    private static GavelJobTypes types;

    @BeforeAll
    static void read() throws IOException {
        types = GavelJobTypes.of(GavelThroughputsReader.read(RepoData.dir().resolve("gavel/simulation_throughputs.json")));
    }

    @Test
    void eachModelAndScaleFactorIsARigidAllReduceTypeOfOneGpuPerWorker() {
        JobType t = types.type("ResNet-50 (batch size 64)", 4);

        assertEquals("ResNet-50 (batch size 64) (scale factor 4)", t.name());
        assertEquals("ResNet-50 (batch size 64)", t.modelFamily());
        assertEquals(4, t.maxWorkers());
        assertEquals(0, t.maxPs());
        assertEquals(Architecture.ALLREDUCE, t.architecture());
        assertEquals(1, t.workerDemand().gpus());
        assertEquals(JobType.Completion.AFTER_REQUIRED_STEPS, t.completion());
        assertEquals(83, types.all().size());
        assertEquals("A3C", types.type("A3C", 1).name());
    }

    @Test
    void trueSpeedOnATypeIsGavelsIsolatedValueThere() {
        GavelJobKey key = new GavelJobKey("Transformer (batch size 64)", 2);
        JobType t = types.type(key.model(), 2);

        for (String gpu : new String[] {"K80", "P100", "V100"}) {
            assertEquals(types.throughputs().isolated(key, gpu), t.speed().stepsPerSecond(2, 0, 1, gpu), 0.0, gpu);
            assertEquals(types.throughputs().isolated(key, gpu), t.speed().stepsPerSecond(2, 0, 2, gpu), 0.0, gpu);
        }
        assertEquals(types.referenceStepsPerSecond(key), t.speed().stepsPerSecond(2, 0, 1), 0.0);
        assertEquals(t.speed().stepsPerSecond(2, 0, 1, "V100"), t.speed().stepsPerSecond(2, 0, 1, "v100"), 0.0);
    }

    @Test
    void aGpuTypeGavelDidNotMeasureIsNamedWithTheTypesItDid() {
        JobType t = types.type("LM (batch size 20)", 1);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> t.speed().stepsPerSecond(1, 0, 1, "A100"));

        assertTrue(e.getMessage().contains("A100") && e.getMessage().contains("K80, P100, V100"), e.getMessage());
    }

    @Test
    void anUnknownJobTypeIsNamed() {
        IllegalArgumentException model = assertThrows(IllegalArgumentException.class,
                () -> types.type("GPT-3 (batch size 1)", 1));
        IllegalArgumentException scale = assertThrows(IllegalArgumentException.class,
                () -> types.type("A3C", 2));

        assertTrue(model.getMessage().contains("('GPT-3 (batch size 1)', 1)"), model.getMessage());
        assertTrue(scale.getMessage().contains("('A3C', 2)") && scale.getMessage().contains("other scale factors"),
                scale.getMessage());
    }
}
