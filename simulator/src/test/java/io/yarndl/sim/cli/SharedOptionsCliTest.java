package io.yarndl.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.workload.RepoData;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The options several commands share through one mixin ({@link ThreadsOption}, {@link Dl2ModelOption},
 * {@link PolicyNames}, {@code EpisodeJobsOption}) read, default and refuse the same way in each.
 */
class SharedOptionsCliTest {

    @Test
    void evaluateAndPapersRefuseNoThreadsNamingTheOption() {
        for (String command : List.of("evaluate", "papers")) {
            CliRun r = CliRun.of(command, "--threads", "0");
            assertEquals(2, r.status(), r.all());
            assertTrue(r.err().contains("--threads must be at least 1, got 0"), r.err());
        }
    }

    @Test
    void evaluateAndRolloutsRefuseAnEmptyWorkloadNamingJobs() {
        CliRun evaluate = CliRun.of("evaluate", "--jobs", "0");
        CliRun rollouts = CliRun.of("rollouts", "--teacher", "optimus", "--seeds", "1", "--jobs", "0", "--out", "unused");
        for (CliRun r : List.of(evaluate, rollouts)) {
            assertEquals(2, r.status(), r.all());
            assertTrue(r.err().contains("--jobs must be at least 1, got 0"), r.err());
        }
    }

    @Test
    void everyCommandThatRunsDl2RefusesAModelFileThatIsNotThere(@TempDir Path tmp) {
        String missing = tmp.resolve("missing.onnx").toString();
        List<CliRun> runs = List.of(CliRun.of("evaluate", "--dl2-model", missing),
                CliRun.of("papers", "--pollux-data", RepoData.dir().resolve("pollux").toString(), "--sia-data",
                        RepoData.dir().resolve("sia").toString(), "--dl2-model", missing),
                CliRun.of("sim", "--trace", "synthetic", "--policies", "dl2", "--dl2-model", missing));
        for (CliRun r : runs) {
            assertEquals(2, r.status(), r.all());
            assertTrue(r.err().contains("--dl2-model " + missing + " is not a file"), r.err());
        }
    }

    @Test
    void helpKeepsEachCommandsDefaults() {
        for (String command : List.of("evaluate", "papers")) {
            assertTrue(CliRun.of(command, "--help").out().contains("one policy on one workload each (default: 2)"),
                    command);
        }
        for (String command : List.of("evaluate", "rollouts")) {
            assertTrue(CliRun.of(command, "--help").out().contains("each seed generates (default: 40)"), command);
        }
    }

    @Test
    void policyNamesAreTrimmedAndEachGivenOnce() {
        assertEquals(List.of("fifo", "drf"), PolicyNames.distinct(List.of(" fifo", "drf ")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PolicyNames.distinct(List.of("fifo", " fifo")))
                .getMessage().contains("--policies names 'fifo' twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PolicyNames.distinct(List.of("fifo", "")))
                .getMessage().contains("--policies has an empty name: 'fifo,'"));
    }
}
