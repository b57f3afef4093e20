package io.yarndl.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GavelCliTest {

    @TempDir
    Path tmp;

    private static String data(String file) {
        return RepoData.dir().resolve("gavel").resolve(file).toString();
    }

    @Test
    void simHelpNamesTheGavelWorkloadsAndMixedClusters() {
        CliRun r = CliRun.of("sim", "--help");
        String help = r.out().replaceAll("\\s+", " ");

        assertEquals(0, r.status(), r.all());
        for (String expected : new String[] {"gavel:FILE", "gavel-continuous", "--lam", "--single-gpu-jobs",
            "--gavel-throughputs", "--cluster-spec", "70/10/15/5%)", "v100:9x4,p100:9x4,k80:9x4"}) {
            assertTrue(help.contains(expected), "help lacks '" + expected + "':\n" + r.out());
        }
        assertEquals("", r.err(), "picocli must format every description");
    }

    @Test
    void replaysGavelsSmallTraceOnAMixedClusterUnderThreePolicies() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("sim", "--trace", "gavel:" + data("small_test.trace"), "--policies", "fifo,drf,optimus",
                "--cluster-spec", "v100:1x4,k80:1x4", "--gavel-throughputs", data("simulation_throughputs.json"),
                "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("gavel small_test.trace on V100 1x4 + K80 1x4 nodes (8 GPUs)"), r.out());
        for (String policy : new String[] {"fifo", "drf", "optimus"}) {
            assertTrue(r.out().contains("] " + policy + ": 20 jobs"), r.out());
        }
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertEquals(4, summary.size(), String.join("\n", summary));
        assertTrue(summary.get(1).startsWith("fifo,20,") && summary.get(3).startsWith("optimus,20,"),
                String.join("\n", summary));
        // Job types keep Gavel's names in the per-job CSV.
        assertTrue(Files.readString(out.resolve("jobs-fifo.csv")).contains("Transformer (batch size 128) (scale factor 2)"));
    }

    @Test
    void generatesGavelsContinuousWorkload() {
        CliRun r = CliRun.of("sim", "--trace", "gavel-continuous", "--lam", "1800", "--jobs", "12", "--seed", "3",
                "--policies", "fifo", "--cluster-spec", "v100:2x4,p100:2x4", "--gavel-throughputs",
                data("simulation_throughputs.json"), "--out", tmp.toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("gavel-continuous (12 jobs, lam 1800 s)"), r.out());
        assertTrue(r.out().contains("[1/1] fifo: 12 jobs"), r.out());
    }

    @Test
    void continuousNeedsLamAndLamNeedsContinuous() throws IOException {
        CliRun noLam = CliRun.of("sim", "--trace", "gavel-continuous", "--out", tmp.toString());
        Path csv = Files.writeString(tmp.resolve("t.csv"), "id\n");
        CliRun strayLam = CliRun.of("sim", "--trace", csv.toString(), "--lam", "60", "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, noLam.status(), noLam.all());
        assertTrue(noLam.err().contains("needs --lam SEC"), noLam.err());
        assertEquals(SimulatorCli.EXIT_USAGE, strayLam.status(), strayLam.all());
        assertTrue(strayLam.err().contains("--lam applies to --trace gavel-continuous only"), strayLam.err());
    }

    @Test
    void missingGavelFilesAreNamed() {
        Path missing = tmp.resolve("none.trace");
        CliRun trace = CliRun.of("sim", "--trace", "gavel:" + missing, "--out", tmp.toString());
        CliRun json = CliRun.of("sim", "--trace", "gavel-continuous", "--lam", "60", "--gavel-throughputs",
                missing.toString(), "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, trace.status(), trace.all());
        assertTrue(trace.err().contains("Gavel trace not found: " + missing), trace.err());
        assertEquals(SimulatorCli.EXIT_USAGE, json.status(), json.all());
        assertTrue(json.err().contains("--gavel-throughputs"), json.err());
    }

    @Test
    void aGpuTypeGavelDidNotMeasureFailsTheRunNamingTheTypes() {
        CliRun r = CliRun.of("sim", "--trace", "gavel:" + data("small_test.trace"), "--policies", "fifo",
                "--cluster-spec", "a100:1x8", "--gavel-throughputs", data("simulation_throughputs.json"),
                "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_FAILED, r.status(), r.all());
        assertTrue(r.err().contains("not on GPU type A100") && r.err().contains("K80, P100, V100"), r.err());
    }
}
