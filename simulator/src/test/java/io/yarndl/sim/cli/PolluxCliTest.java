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

class PolluxCliTest {

    @TempDir
    Path tmp;

    private static String data(String folder) {
        return RepoData.dir().resolve(folder).toString();
    }

    @Test
    void replaysAPolluxWorkloadOnItsT4ClusterWithAdaptiveBatchesAndMeasuredRestarts() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("sim", "--trace", "pollux-workload:1", "--jobs", "20", "--pollux-data", data("pollux"),
                "--cluster-spec", "t4:16x4", "--interval-sec", "60", "--policies", "fifo,optimus", "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("pollux workloads/workload-1.csv (first 20 jobs) on T4 16x4 nodes (64 GPUs), interval"
                + " 60 s, adaptive batch, restart per application + 1.7 s/worker (else 30 s)"), r.out());
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertTrue(summary.get(1).startsWith("fifo,20,") && summary.get(2).startsWith("optimus,20,"), summary.toString());
    }

    /**
     * The figures of the simulator before goodput (commit eb18e61, the same command without the two
     * flags), pinned: fixed batches and a flat restart replay Sia's workloads bit for bit as before.
     * optimus runs without the resize-cost rule, which came later ({@code --resize-payback 0}).
     */
    @Test
    void fixedBatchAndAFixedRestartReplaySiasWorkloadExactlyAsBeforeGoodput() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("sim", "--trace", "sia-philly:1", "--jobs", "30", "--sia-data", data("sia"),
                "--cluster-spec", "t4:6x4,a100:2x8,rtx:3x8", "--interval-sec", "360", "--policies", "fifo,optimus",
                "--fixed-batch", "--restart-cost", "fixed", "--resize-payback", "0", "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertTrue(summary.get(1).startsWith("fifo,30,2996.669,885.677,3056.843,64465.139,0.188587,0,761.790,180,"),
                summary.get(1));
        assertTrue(summary.get(2).startsWith("optimus,30,2080.046,840.881,4030.977,31766.436,0.360788,57,761.790,89,"),
                summary.get(2));
    }

    @Test
    void badRestartOptionsAndPolluxNamesAreNamed() {
        CliRun cost = CliRun.of("sim", "--trace", "pollux-workload:1", "--restart-cost", "sometimes",
                "--pollux-data", data("pollux"), "--out", tmp.toString());
        CliRun perWorker = CliRun.of("sim", "--trace", "pollux-workload:1", "--restart-per-worker-sec", "-1",
                "--pollux-data", data("pollux"), "--out", tmp.toString());
        CliRun load = CliRun.of("sim", "--trace", "pollux-workload-3.0:1", "--pollux-data", data("pollux"),
                "--out", tmp.toString());
        CliRun missing = CliRun.of("sim", "--trace", "pollux-workload-0.5:9", "--pollux-data", data("pollux"),
                "--out", tmp.toString());
        CliRun fixedElsewhere = CliRun.of("sim", "--trace", "shipped", "--fixed-batch", "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, cost.status(), cost.all());
        assertTrue(cost.err().contains("--restart-cost 'sometimes': expected profile or fixed"), cost.err());
        assertEquals(SimulatorCli.EXIT_USAGE, perWorker.status(), perWorker.all());
        assertTrue(perWorker.err().contains("--restart-per-worker-sec -1.0"), perWorker.err());
        assertEquals(SimulatorCli.EXIT_USAGE, load.status(), load.all());
        assertTrue(load.err().contains("expected pollux:FILE, pollux-workload:N or pollux-workload-LOAD:N"), load.err());
        assertEquals(SimulatorCli.EXIT_USAGE, missing.status(), missing.all());
        assertTrue(missing.err().contains("Pollux workload not found") && missing.err().contains("workloads-0.5"),
                missing.err());
        assertEquals(SimulatorCli.EXIT_USAGE, fixedElsewhere.status(), fixedElsewhere.all());
        assertTrue(fixedElsewhere.err().contains("--fixed-batch applies to Pollux's and Sia's workloads only"),
                fixedElsewhere.err());
    }

    @Test
    void simHelpNamesPolluxsWorkloadsAndTheGoodputOptions() {
        String help = CliRun.of("sim", "--help").out().replaceAll("\\s+", " ");

        for (String expected : new String[] {"pollux:FILE", "pollux-workload:N", "--pollux-data", "--fixed-batch",
                "--restart-cost", "--restart-per-worker-sec"}) {
            assertTrue(help.contains(expected), "help lacks '" + expected + "':\n" + help);
        }
    }
}
