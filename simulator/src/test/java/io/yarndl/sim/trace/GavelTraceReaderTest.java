package io.yarndl.sim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.gavel.GavelJobTypes;
import io.yarndl.sim.workload.gavel.GavelThroughputsReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GavelTraceReaderTest {

    private static final String TEN = "ResNet-18 (batch size 32)\tpython3 main.py\timage_classification/cifar10"
            + "\t--num_steps\t1\t3948\t2\t1\t-1.000000\t%s\n";
    private static GavelJobTypes types;

    @TempDir
    Path tmp;

    @BeforeAll
    static void readThroughputs() throws IOException {
        types = GavelJobTypes.of(GavelThroughputsReader.read(RepoData.dir().resolve("gavel/simulation_throughputs.json")));
    }

    @Test
    void readsTheTenFieldLayout() throws IOException {
        List<TraceJob> jobs = GavelTraceReader.read(RepoData.dir().resolve("gavel/small_test.trace"), types);

        assertEquals(20, jobs.size());
        TraceJob first = jobs.get(0);
        assertEquals("gavel-00000", first.id());
        assertEquals("Transformer (batch size 128) (scale factor 2)", first.type().name());
        assertEquals(346, first.requiredSteps());
        assertEquals(0, first.arrivalSec());
        assertEquals(2, first.requestedWorkers());
        assertEquals(2, first.minWorkers());
        assertEquals(2, first.maxWorkers());
        assertEquals(0, first.maxPs());
        assertEquals("Recommendation (batch size 8192)", jobs.get(1).type().name());
    }

    @Test
    void readsTheSevenFieldLayoutOfThePhillyDerivedTraces() throws IOException {
        List<TraceJob> jobs = GavelTraceReader.read(RepoData.dir().resolve("gavel/795a4c.trace"), types);
        List<GavelTraceReader.Row> rows = GavelTraceReader.rows(RepoData.dir().resolve("gavel/23dbec.trace"));

        assertEquals(3, jobs.size());
        assertEquals("Recommendation (batch size 8192)", jobs.get(1).type().name());
        assertEquals(1_066, jobs.get(1).requiredSteps());
        assertEquals(1_511, jobs.get(1).arrivalSec());
        assertEquals(9, rows.size());
        // Third row: Transformer (batch size 256), 19178 steps, arriving at 182095 s on 8 GPUs.
        assertEquals(new GavelTraceReader.Row(3, "Transformer (batch size 256)", 8, 19_178, 182_095, 1.0, Double.NaN),
                rows.get(2));
    }

    @Test
    void aJobTypeGavelDidNotMeasureIsNamedWithItsLine() {
        // 23dbec.trace predates Gavel's throughput file: its last row runs CycleGAN on 8 GPUs, which
        // Gavel measured on one only.
        Path file = RepoData.dir().resolve("gavel/23dbec.trace");

        TraceFormatException e = assertThrows(TraceFormatException.class, () -> GavelTraceReader.read(file, types));

        assertEquals(9, e.line());
        assertTrue(e.getMessage().contains("('CycleGAN', 8)") && e.getMessage().contains("other scale factors"),
                e.getMessage());
    }

    @Test
    void keepsPriorityWeightAndSloOfTheTenFieldLayout() throws IOException {
        Path file = Files.writeString(tmp.resolve("p.trace"),
                "A3C\tpython3 main.py\trl\t--max-steps\t0\t100\t1\t5.000000\t2.000000\t12.5\n");

        GavelTraceReader.Row row = GavelTraceReader.rows(file).get(0);

        assertEquals(new GavelTraceReader.Row(1, "A3C", 1, 100, 12.5, 5.0, 2.0), row);
    }

    @Test
    void aMalformedRowNamesTheFileLineAndColumn() throws IOException {
        Path badSteps = Files.writeString(tmp.resolve("steps.trace"),
                TEN.formatted("0") + "\n" + TEN.formatted("5").replace("\t3948\t", "\tmany\t"));
        Path badFields = Files.writeString(tmp.resolve("fields.trace"), TEN.formatted("0") + "ResNet-18\t1\t2\n");

        TraceFormatException steps = assertThrows(TraceFormatException.class,
                () -> GavelTraceReader.read(badSteps, types));
        TraceFormatException fields = assertThrows(TraceFormatException.class,
                () -> GavelTraceReader.read(badFields, types));

        assertEquals(3, steps.line());
        assertEquals("total_steps", steps.column());
        assertTrue(steps.getMessage().startsWith(badSteps + ", line 3, column total_steps"), steps.getMessage());
        assertEquals(2, fields.line());
        assertTrue(fields.getMessage().contains("has 3 tab-separated fields; expected 10"), fields.getMessage());
    }

    @Test
    void anUnknownJobTypeIsNamedWithItsLine() throws IOException {
        Path file = Files.writeString(tmp.resolve("unknown.trace"), TEN.formatted("0")
                + TEN.formatted("1").replace("ResNet-18 (batch size 32)", "ResNet-152 (batch size 32)"));

        TraceFormatException e = assertThrows(TraceFormatException.class, () -> GavelTraceReader.read(file, types));

        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("ResNet-152 (batch size 32)") && e.getMessage().contains("unknown Gavel job type"),
                e.getMessage());
    }

    @Test
    void anArrivalBeforeTheRowAboveIsRefused() throws IOException {
        Path file = Files.writeString(tmp.resolve("unsorted.trace"), TEN.formatted("60") + TEN.formatted("30"));

        TraceFormatException e = assertThrows(TraceFormatException.class, () -> GavelTraceReader.rows(file));

        assertEquals(2, e.line());
        assertEquals("arrival_time", e.column());
    }
}
