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

class PlacementCommandTest {

    @TempDir
    Path tmp;

    private int run(StringWriter out, StringWriter err, String... args) {
        CommandLine cli = SimulatorCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void runsEveryPolicyWithEveryPlacementPerSeedAndReportsEachAgainstPacking() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = run(out, err, "placements", "--policies", "drf", "--placements", "spread", "--seeds", "1,2",
                "--jobs", "200", "--cluster-spec", "rtx:8x8", "--nodes-per-rack", "4",
                "--data", RepoData.dir().toString(), "--out", tmp.toString());
        assertEquals(0, status, out + "\n" + err);
        assertTrue(out.toString().contains("placement ground truth (cross-rack x2.0, server interference 0.50)"),
                out.toString());
        String md = Files.readString(tmp.resolve("placements.md"), StandardCharsets.UTF_8);
        assertTrue(md.contains("| drf | packing |") && md.contains("1.000 (1.000..1.000) |"), md);
        assertTrue(md.contains("| drf | spread |"), md);
        List<String> csv = Files.readAllLines(tmp.resolve("placements.csv"));
        assertEquals(5, csv.size(), "header and a row per placement and seed: " + csv);
        assertTrue(csv.get(1).startsWith("drf,packing,1,200,"), csv.get(1));
    }

    @Test
    void namesTheKnownPlacementsWhenGivenAnUnknownOne() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = run(out, err, "placements", "--placements", "scatter", "--out", tmp.toString());
        assertEquals(SimulatorCli.EXIT_USAGE, status);
        assertTrue(err.toString().contains("unknown placement 'scatter'; known: packing, spread"), err.toString());
    }
}
