package io.yarndl.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pollux} and {@code sia} in the simulator, with their knobs on the command line. */
class GoodputPoliciesCliTest {

    @TempDir
    Path tmp;

    @Test
    void helpListsTheirKnobs() {
        String help = CliRun.of("sim", "--help").out();

        for (String option : new String[] {"--pollux-fairness-p", "--pollux-solver-seconds",
                "--pollux-solver-max-options", "--sia-fairness-p", "--sia-unallocated-penalty",
                "--sia-solver-seconds", "--sia-solver-max-options", "--resize-prior-restart-sec"}) {
            assertTrue(help.contains(option), "help lacks " + option);
        }
        assertTrue(help.contains("optimus, smd, pollux, sia: seconds a restart"), help);
        assertFalse(help.contains("--pollux-restart-prior-sec") || help.contains("--sia-restart-prior-sec"), help);
    }

    @Test
    void theRetiredPriorOptionsAreUsageErrorsNamingTheSharedOne() {
        for (String retired : new String[] {"--pollux-restart-prior-sec", "--sia-restart-prior-sec"}) {
            CliRun r = CliRun.of("sim", "--policies", "pollux", retired, "30", "--out", tmp.toString());

            assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
            assertTrue(r.err().contains("were replaced by --resize-prior-restart-sec"), r.err());
        }
    }

    @Test
    void aBadSharedPriorIsAUsageErrorWhereOnlyPolluxAndSiaRun() {
        CliRun r = CliRun.of("sim", "--trace", "sia-philly:1", "--jobs", "4", "--cluster-spec", "t4:2x4",
                "--interval-sec", "60", "--sia-data", RepoData.dir().resolve("sia").toString(),
                "--policies", "pollux,sia", "--resize-prior-restart-sec", "-1", "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("--resize-prior-restart-sec must be a number of seconds >= 0, got -1.0"), r.err());
    }

    @Test
    void bothRunASiaWorkloadOnSiasMixedCluster() throws IOException {
        Path out = tmp.resolve("out");
        CliRun r = CliRun.of("sim", "--trace", "sia-philly:1", "--jobs", "12", "--cluster-spec", "t4:6x4,a100:2x8,rtx:3x8",
                "--interval-sec", "60", "--sia-data", RepoData.dir().resolve("sia").toString(),
                "--policies", "pollux,sia", "--pollux-fairness-p", "-0.5", "--sia-unallocated-penalty", "2",
                "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        for (String policy : new String[] {"pollux", "sia"}) {
            assertTrue(summary.stream().anyMatch(line -> line.startsWith(policy + ",12,")), String.join("\n", summary));
        }
    }

    @Test
    void aBadKnobIsAUsageErrorNamingTheOption() {
        CliRun p = CliRun.of("sim", "--policies", "pollux", "--pollux-fairness-p", "-9", "--out", tmp.toString());
        CliRun s = CliRun.of("sim", "--policies", "sia", "--sia-unallocated-penalty", "0", "--out", tmp.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, p.status(), p.all());
        assertTrue(p.err().contains("--pollux-fairness-p must be from -5.0 to 5.0, got -9.0"), p.err());
        assertEquals(SimulatorCli.EXIT_USAGE, s.status(), s.all());
        assertTrue(s.err().contains("--sia-unallocated-penalty must be a positive number, got 0.0"), s.err());
    }
}
