package io.yarndl.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SimulatorCliTest {

    @TempDir
    Path tmp;

    /** What one command line printed and returned. */
    private record Run(int status, String out, String err) {
        String all() {
            return out + err;
        }
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = SimulatorCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int status = cli.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void topLevelHelpListsTheSubcommands() {
        Run r = run("--help");
        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("sim") && r.out().contains("generate"), r.out());
        assertTrue(r.out().contains("rollouts") && r.out().contains("evaluate"), r.out());
        assertTrue(r.out().contains("Examples:"), r.out());
    }

    @Test
    void simHelpShowsEveryOptionWithItsDefaultAndExamples() {
        Run r = run("sim", "--help");
        assertEquals(0, r.status(), r.all());
        // Compare with line wrapping undone: the help's width follows the terminal.
        String help = r.out().replaceAll("\\s+", " ");
        for (String expected : new String[] {"--trace", "--policies", "--seed", "--interval-sec",
            "--resize-overhead-sec", "--cluster-nodes", "--gpus-per-node", "--load", "--jobs", "--out",
            "default: fifo,drf,optimus", "default: 600", "default: 30", "default: sim-out", "default: 42",
            "Examples:", "synthetic-120", "shipped"}) {
            assertTrue(help.contains(expected), "help lacks '" + expected + "':\n" + r.out());
        }
    }

    @Test
    void generateHelpShowsItsOptions() {
        Run r = run("help", "generate");
        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("--out") && r.out().contains("--load") && r.out().contains("default: 120"),
                r.out());
    }

    @Test
    void unknownPolicyFailsListingTheKnownOnes() {
        Run r = run("sim", "--trace", "synthetic", "--policies", "nosuch", "--out", tmp.toString());
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("unknown scheduling policy 'nosuch'"), r.err());
        assertTrue(r.err().contains("known policies:"), r.err());
        assertFalse(r.out().contains("running"), "no policy may start: " + r.out());
    }

    @Test
    void dl2ModelNeedsTheDl2PolicyAndAnExistingFile() {
        Path missing = tmp.resolve("none.onnx");
        Run withoutDl2 = run("sim", "--trace", "synthetic", "--policies", "fifo", "--dl2-model", missing.toString());
        Run absent = run("sim", "--trace", "synthetic", "--policies", "dl2", "--dl2-model", missing.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, withoutDl2.status(), withoutDl2.all());
        assertTrue(withoutDl2.err().contains("--dl2-model applies when --policies includes dl2"), withoutDl2.err());
        assertEquals(SimulatorCli.EXIT_USAGE, absent.status(), absent.all());
        assertTrue(absent.err().contains(missing.toString()), absent.err());
    }

    @Test
    void simWarnsWhenDl2FallsBackToOptimus() throws IOException {
        Path model = Files.write(tmp.resolve("broken.onnx"), new byte[] {1});
        Run r = run("sim", "--trace", "synthetic", "--jobs", "3", "--policies", "dl2", "--dl2-model", model.toString(),
                "--out", tmp.resolve("out").toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.err().contains("WARNING: dl2 falls back to optimus"), r.err());
        assertTrue(r.err().contains("broken.json"), "the missing card is named: " + r.err());
    }

    @Test
    void marlModelNeedsTheMarlPlacementAndAnExistingFile() {
        Path missing = tmp.resolve("none.onnx");
        Run withoutMarl = run("sim", "--trace", "synthetic", "--policies", "fifo", "--marl-model", missing.toString());
        Run absent = run("sim", "--trace", "synthetic", "--policies", "fifo", "--placement", "marl", "--marl-model",
                missing.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, withoutMarl.status(), withoutMarl.all());
        assertTrue(withoutMarl.err().contains("--marl-model applies when --placement includes marl"), withoutMarl.err());
        assertEquals(SimulatorCli.EXIT_USAGE, absent.status(), absent.all());
        assertTrue(absent.err().contains(missing.toString()), absent.err());
    }

    @Test
    void simWarnsOnceWhenMarlFallsBackAndKeepsItsRowsNamedMarl() throws IOException {
        Path model = Files.write(tmp.resolve("broken-marl.onnx"), new byte[] {1});
        Path out = tmp.resolve("marl-out");
        Run r = run("sim", "--trace", "synthetic", "--jobs", "3", "--policies", "fifo,optimus", "--placement", "marl",
                "--marl-model", model.toString(), "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        String warning = "WARNING: marl falls back to interference-aware, so its results (rows policy/marl) are"
                + " interference-aware's: marl model card " + tmp.resolve("broken-marl.json") + " does not exist";
        assertTrue(r.err().contains(warning), r.err());
        assertEquals(r.err().indexOf("WARNING: marl"), r.err().lastIndexOf("WARNING: marl"), "once: " + r.err());
        assertTrue(Files.readString(out.resolve("summary.csv")).contains("fifo/marl"), r.out());
    }

    @Test
    void missingTraceFileIsNamedInTheError() {
        Path missing = tmp.resolve("no-such-trace.csv");
        Run r = run("sim", "--trace", missing.toString());
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains(missing.toAbsolutePath().normalize().toString()), r.err());
        assertTrue(r.err().contains("sim --help"), r.err());
    }

    @Test
    void withoutTraceSimReplaysTheShippedWorkload() {
        Run r = run("sim", "--policies", "fifo", "--out", tmp.resolve("out").toString());
        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("synthetic-120 (shipped)"), r.out());
        assertTrue(r.out().contains("[1/1] fifo: 120 jobs"), r.out());
    }

    @Test
    void everyPolicyRunsWithEveryPlacementInRowsNamedPolicySlashPlacement() throws IOException {
        Path out = tmp.resolve("placements");
        Run r = run("sim", "--trace", "synthetic", "--jobs", "20", "--policies", "fifo,optimus", "--placement",
                "packing,spread", "--baseline", "fifo/packing", "--out", out.toString());
        assertEquals(0, r.status(), r.all());
        for (String row : List.of("fifo/packing", "fifo/spread", "optimus/packing", "optimus/spread")) {
            assertTrue(r.out().contains("| " + row), "no row " + row + ":\n" + r.out());
            assertTrue(Files.readString(out.resolve("summary.csv")).contains(row), row);
        }
        Run unknown = run("sim", "--policies", "fifo", "--placement", "scatter", "--out", out.toString());
        assertEquals(SimulatorCli.EXIT_USAGE, unknown.status(), unknown.all());
        assertTrue(unknown.err().contains(
                "unknown placement 'scatter'; known: packing, spread, topology-aware, interference-aware, marl"),
                unknown.err());
    }

    @Test
    void everyCommandPrintsTheVersion() {
        for (String[] args : new String[][] {{"-V"}, {"sim", "-V"}, {"generate", "--version"}, {"rollouts", "-V"},
            {"evaluate", "-V"}}) {
            Run r = run(args);
            assertEquals(0, r.status(), String.join(" ", args) + ": " + r.all());
            assertTrue(r.out().startsWith("yarn-dl "), String.join(" ", args) + " printed '" + r.out() + "'");
        }
    }

    @Test
    void malformedNumberNamesTheOption() {
        Run r = run("sim", "--trace", "synthetic", "--seed", "forty-two");
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("--seed") && r.err().contains("forty-two"), r.err());
    }

    @Test
    void loadAppliesOnlyToSyntheticWorkloads() throws IOException {
        Path trace = Files.writeString(tmp.resolve("t.csv"), "id\n");
        Run r = run("sim", "--trace", trace.toString(), "--load", "0.5");
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("--load applies to --trace synthetic only"), r.err());
    }

    @Test
    void resizeOverheadMustBeShorterThanTheInterval() {
        Run r = run("sim", "--trace", "synthetic", "--interval-sec", "60", "--resize-overhead-sec", "90");
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("--resize-overhead-sec") && r.err().contains("resizeOverheadSec"), r.err());
    }

    @Test
    void clusterSizesMustBePositive() {
        Run r = run("sim", "--trace", "synthetic", "--cluster-nodes", "0");
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("--cluster-nodes must be at least 1, got 0"), r.err());
    }

    @Test
    void missingPhillyTraceSaysHowToPointAtIt() {
        Path missing = tmp.resolve("philly.csv");
        Run r = run("sim", "--trace", "philly", "--philly-file", missing.toString());
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains(missing.toString()) && r.err().contains("--philly-file"), r.err());
    }

    @Test
    void outMustNotBeAFile() throws IOException {
        Path file = Files.writeString(tmp.resolve("taken"), "x");
        Run r = run("sim", "--trace", "synthetic", "--out", file.toString());
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("is not a folder"), r.err());
    }

    @Test
    void generateRequiresAnOutputFile() {
        Run r = run("generate", "--jobs", "10");
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("--out"), r.err());
    }

    @Test
    void generateRejectsANonPositiveLoad() {
        Run r = run("generate", "--load", "0", "--out", tmp.resolve("w.csv").toString());
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("--load must be a positive number"), r.err());
    }

    @Test
    void unknownSubcommandIsAUsageError() {
        Run r = run("frobnicate");
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("frobnicate"), r.err());
    }

    @Test
    void noSubcommandIsAUsageError() {
        Run r = run();
        assertEquals(SimulatorCli.EXIT_USAGE, r.status(), r.all());
        assertTrue(r.err().contains("sim, generate, rollouts, evaluate or heterogeneous"), r.err());
    }
}
