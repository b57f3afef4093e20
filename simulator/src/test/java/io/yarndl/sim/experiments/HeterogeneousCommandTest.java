package io.yarndl.sim.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.sim.cli.SimulatorCli;
import io.yarndl.sim.workload.RepoData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class HeterogeneousCommandTest {

    @TempDir
    Path tmp;

    private int run(StringWriter out, StringWriter err, String... args) {
        CommandLine cli = SimulatorCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void runsAScenarioUnderEachPolicyAndReportsTheAgnosticOverAwareRatio() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = run(out, err, "heterogeneous", "--scenarios", "gavel-static-12-0-0", "--policies",
                "gavel-fifo,gavel-fifo-perf", "--data", RepoData.dir().toString(), "--out", tmp.toString());
        assertEquals(0, status, out + "\n" + err);
        String md = Files.readString(tmp.resolve("heterogeneous.md"), StandardCharsets.UTF_8);
        assertTrue(md.contains("| gavel-static-12-0-0 | gavel-fifo(-perf) |"), md);
        List<String> csv = Files.readAllLines(tmp.resolve("heterogeneous.csv"));
        assertEquals(3, csv.size(), "header and one row per policy: " + csv);
        assertTrue(csv.get(1).startsWith("gavel-static-12-0-0,gavel-fifo,96,"), csv.get(1));
        assertTrue(Files.exists(tmp.resolve("gavel-static-12-0-0").resolve("summary.csv")));
    }

    @Test
    void namesTheKnownScenariosWhenGivenAnUnknownOne() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = run(out, err, "heterogeneous", "--scenarios", "gavel-static-1-2-3", "--out", tmp.toString());
        assertEquals(SimulatorCli.EXIT_USAGE, status);
        assertTrue(err.toString().contains("unknown scenario 'gavel-static-1-2-3'; known: gavel-static-4-4-4,"
                + " gavel-static-12-0-0, gavel-continuous-36-36-36, sia-philly-1, sia-saturn-1"), err.toString());
    }
}
