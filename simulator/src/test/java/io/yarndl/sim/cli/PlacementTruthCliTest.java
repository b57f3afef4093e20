package io.yarndl.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlacementTruthCliTest {

    @TempDir
    Path tmp;

    private CliRun sim(String... extra) {
        String[] base = {"sim", "--trace", "philly", "--philly-file",
            RepoData.dir().resolve("pollux/traces/philly.csv").toString(), "--sia-data",
            RepoData.dir().resolve("sia").toString(), "--jobs", "50", "--cluster-spec", "rtx:4x8",
            "--nodes-per-rack", "2", "--policies", "drf", "--out", tmp.resolve("out").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return CliRun.of(args);
    }

    @Test
    void phillyWithSiasMixRunsUnderThePlacementGroundTruthAndSaysSo() {
        CliRun r = sim("--philly-mix", "sia", "--ground-truth", "placement", "--cross-rack-factor", "3");
        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("placement ground truth (cross-rack x3.0, server interference 0.50)"), r.out());
    }

    @Test
    void aFactorWithTheNodeCountGroundTruthIsRefusedNamingTheOption() {
        CliRun r = sim("--server-interference", "0.3");
        assertEquals(SimulatorCli.EXIT_USAGE, r.status());
        assertTrue(r.err().contains("--cross-rack-factor and --server-interference need --ground-truth placement"),
                r.err());
    }

    @Test
    void anInterferenceOutsideZeroToOneAndAnUnknownMixAreRefused() {
        CliRun bad = sim("--ground-truth", "placement", "--server-interference", "2");
        assertEquals(SimulatorCli.EXIT_USAGE, bad.status());
        assertTrue(bad.err().contains("the server interference must be within [0, 1], got 2.0"), bad.err());
        CliRun mix = sim("--philly-mix", "gavel");
        assertEquals(SimulatorCli.EXIT_USAGE, mix.status());
        assertTrue(mix.err().contains("--philly-mix 'gavel': expected catalog or sia"), mix.err());
    }
}
