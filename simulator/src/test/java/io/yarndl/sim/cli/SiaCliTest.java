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

class SiaCliTest {

    private static final String CLUSTER = "t4:6x4,a100:2x8,rtx:3x8";

    @TempDir
    Path tmp;

    private static String sia() {
        return RepoData.dir().resolve("sia").toString();
    }

    @Test
    void simHelpNamesSiasWorkloads() {
        String help = CliRun.of("sim", "--help").out().replaceAll("\\s+", " ");

        for (String expected : new String[] {"sia:FILE", "sia-philly:N", "sia-saturn:N", "--sia-data"}) {
            assertTrue(help.contains(expected), "help lacks '" + expected + "':\n" + help);
        }
    }

    @Test
    void comparesFourPoliciesOnASiaWorkloadOnSiasMixedCluster() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("sim", "--trace", "sia:" + sia() + "/workloads/philly/workload-1.csv", "--jobs", "20",
                "--cluster-spec", CLUSTER, "--interval-sec", "360", "--sia-data", sia(),
                "--policies", "fifo,drf,optimus,gavel-max-min-fairness-perf", "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("sia philly/workload-1.csv (first 20 jobs) on T4 6x4 + A100 2x8 + RTX 3x8 nodes"
                + " (64 GPUs)"), r.out());
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertEquals(5, summary.size(), String.join("\n", summary));
        for (String policy : new String[] {"fifo", "drf", "optimus", "gavel-max-min-fairness-perf"}) {
            assertTrue(summary.stream().anyMatch(line -> line.startsWith(policy + ",20,")), String.join("\n", summary));
        }
        assertTrue(Files.readString(out.resolve("jobs-fifo.csv")).contains("cifar10 (batch size 2048)"));
    }

    @Test
    void namesAShippedWorkloadByTraceAndNumberAndAcceptsSiasClusterNames() {
        CliRun r = CliRun.of("sim", "--trace", "sia-saturn:2", "--jobs", "5", "--cluster-spec", "aws:6x4,dgx-ext:2x8",
                "--sia-data", sia(), "--policies", "fifo", "--out", tmp.toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("sia saturn/workload-2.csv (first 5 jobs) on T4 6x4 + A100 2x8 nodes"), r.out());
    }

    @Test
    void aMissingWorkloadOrProfileFolderIsNamed() {
        CliRun noFile = CliRun.of("sim", "--trace", "sia-philly:99", "--sia-data", sia(), "--out", tmp.toString());
        CliRun noData = CliRun.of("sim", "--trace", "sia:" + sia() + "/workloads/philly/workload-1.csv",
                "--sia-data", tmp.resolve("nowhere").toString(), "--out", tmp.toString());
        CliRun badName = CliRun.of("sim", "--trace", "sia-helios:1", "--sia-data", sia(), "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, noFile.status(), noFile.all());
        assertTrue(noFile.err().contains("Sia workload not found") && noFile.err().contains("workload-99.csv"),
                noFile.err());
        assertEquals(SimulatorCli.EXIT_USAGE, noData.status(), noData.all());
        assertTrue(noData.err().contains("Sia's profiles not found"), noData.err());
        assertEquals(SimulatorCli.EXIT_USAGE, badName.status(), badName.all());
        assertTrue(badName.err().contains("expected sia:FILE, sia-philly:N, sia-saturn:N or sia-newtrace:N"),
                badName.err());
    }

    @Test
    void aGpuTypeSiaDidNotMeasureFailsTheRunNamingTheMeasuredOnes() {
        CliRun r = CliRun.of("sim", "--trace", "sia-philly:1", "--jobs", "3", "--cluster-spec", "k80:2x4",
                "--sia-data", sia(), "--policies", "fifo", "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_FAILED, r.status(), r.all());
        assertTrue(r.err().contains("on A100, QUADRO, RTX, T4, V100 only, not on GPU type K80"), r.err());
    }
}
