package io.yarndl.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MixedClusterCliTest {

    @TempDir
    Path tmp;

    @Test
    void clusterSpecRunsOnItsGroupsAndSaysSo() {
        CliRun r = CliRun.of("sim", "--trace", "synthetic", "--jobs", "4", "--policies", "fifo",
                "--cluster-spec", "v100:2x8,k80:2x8", "--out", tmp.toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("on V100 2x8 + K80 2x8 nodes (32 GPUs)"), r.out());
        assertTrue(r.out().contains("[1/1] fifo: 4 jobs"), r.out());
    }

    @Test
    void clusterSpecAndHomogeneousOptionsExcludeEachOther() {
        for (String[] homogeneous : new String[][] {{"--cluster-nodes", "2"}, {"--gpus-per-node", "4"},
            {"--accelerator", "K80"}, {"--vcores-per-node", "32"}, {"--memory-gb-per-node", "128"}}) {
            CliRun r = CliRun.of("sim", "--trace", "synthetic", "--cluster-spec", "v100:1x4", homogeneous[0],
                    homogeneous[1], "--out", tmp.toString());

            assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
            assertTrue(r.err().contains("--cluster-spec and " + homogeneous[0] + " exclude each other"), r.err());
        }
    }

    @Test
    void malformedClusterSpecNamesTheBadPartAndTheForm() {
        CliRun r = CliRun.of("sim", "--trace", "synthetic", "--cluster-spec", "v100:9x4,p100-9x4", "--out",
                tmp.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("part 2 'p100-9x4'") && r.err().contains("TYPE:NODESxGPUS"), r.err());
        assertTrue(r.err().contains("sim --help"), r.err());
    }
}
