package io.yarndl.sim.papers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.sim.cli.SimulatorCli;
import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code yarn-dl papers} on a tiny part of each suite: the first 20 jobs of one or two workloads, two policies. */
class PapersCommandTest {

    @TempDir
    Path tmp;

    @Test
    void printsATablePerSuiteWithItsColumnsBesideThePublishedFigures() {
        PapersRun r = PapersRun.papers("--workloads-per-suite", "1", "--jobs", "20", "--policies", "fifo,optimus");

        assertEquals(0, r.status(), r.all());
        for (String suite : List.of("### pollux: Pollux's workloads", "### sia-philly: Sia's Philly workloads",
                "### sia-saturn: Sia's Saturn (Helios) workloads")) {
            assertTrue(r.out().contains(suite), suite + "\n" + r.out());
        }
        assertEquals(3, count(r.out(), "| policy  | avg JCT (h) | p99 JCT (h) | makespan (h) | avg JCT vs optimus | resizes |"),
                r.out());
        assertEquals(3, count(r.out(), "| optimus |"), r.out());
        assertEquals(3, count(r.out(), "|              1.00x |"), "optimus over itself, once a suite\n" + r.out());
        assertTrue(r.out().contains("workload-1 (first 20 jobs each), on T4 16x4 nodes (64 GPUs), 60 s rounds"), r.out());
        assertTrue(r.out().contains("| Pollux (goal)            |        0.76 |"), r.out());
        assertTrue(r.out().contains("| Optimus+Oracle+TunedJobs |        1.58 |"), r.out());
        assertTrue(r.out().contains("| Tiresias+TunedJobs       |        1.12 |"), r.out());
        assertTrue(r.out().contains("| Sia (goal)      |        0.60 |        9.50 |        14.20 | Sia SOSP'23 Table 3 (Philly)"),
                r.out());
        assertTrue(r.out().contains("| Gavel+TunedJobs |        1.90 |       30.00 |        33.80 |"), r.out());
        assertTrue(r.out().contains("| Sia (goal)      |        0.70 |       10.90 |        14.90 | Sia SOSP'23 Table 3 (Helios: Saturn)"),
                r.out());
        assertEquals(3, count(r.out(), "No verdict on the goal: this ran part of the suite"), r.out());
        assertTrue(r.err().contains("papers: [1/6] pollux workload-1 fifo: avg JCT"), r.err());
    }

    @Test
    void eachFigureIsTheMeanOverTheSuitesWorkloadsAndTheRatioIsOverOptimus() throws IOException {
        PapersRun r = PapersRun.papers("--suites", "pollux", "--workloads-per-suite", "2", "--jobs", "20",
                "--policies", "drf,optimus", "--json");

        assertEquals(0, r.status(), r.all());
        JsonNode pollux = new ObjectMapper().readTree(r.out()).get("pollux");
        assertEquals("[\"workload-1\",\"workload-2\"]", pollux.get("workloads").toString());
        for (String policy : List.of("drf", "optimus")) {
            JsonNode entry = pollux.get("policies").get(policy);
            JsonNode perWorkload = entry.get("perWorkload");
            assertEquals(2, perWorkload.size(), policy);
            for (String[] figure : new String[][] {{"meanAvgJctSec", "avgJctSec"}, {"meanP99JctSec", "p99JctSec"},
                {"meanMakespanSec", "makespanSec"}}) {
                double mean = (perWorkload.get(0).get(figure[1]).asDouble() + perWorkload.get(1).get(figure[1]).asDouble()) / 2;
                assertEquals(mean, entry.get(figure[0]).asDouble(), 1e-9, policy + " " + figure[0]);
                assertTrue(mean > 0, policy + " " + figure[0]);
            }
            assertTrue(entry.get("meanP99JctSec").asDouble() >= entry.get("meanAvgJctSec").asDouble(), policy);
        }
        JsonNode policies = pollux.get("policies");
        assertEquals(policies.get("drf").get("meanAvgJctSec").asDouble() / policies.get("optimus").get("meanAvgJctSec")
                .asDouble(), policies.get("drf").get("avgJctVsOptimus").asDouble(), 1e-12);
        assertEquals(1.0, policies.get("optimus").get("avgJctVsOptimus").asDouble(), 1e-12);
        assertEquals("Pollux", pollux.get("published").get(0).get("system").asText());
        assertEquals(0.76, pollux.get("published").get(0).get("avgJctH").asDouble(), 1e-12);
        assertFalse(pollux.get("goal").get("comparable").asBoolean());
    }

    /** The command runs each cell as {@code sim} does, rather than a simulation of its own. */
    @Test
    void aCellIsWhatSimReportsForTheSameWorkload() throws IOException {
        Path out = tmp.resolve("sim");
        PapersRun sim = PapersRun.of("sim", "--trace", "sia-saturn:1", "--jobs", "20", "--sia-data",
                RepoData.dir().resolve("sia").toString(), "--cluster-spec", PaperSuites.SIA_CLUSTER, "--interval-sec",
                "60", "--policies", "optimus", "--out", out.toString());
        PapersRun papers = PapersRun.papers("--suites", "sia-saturn", "--workloads-per-suite", "1", "--jobs", "20",
                "--policies", "optimus", "--json");

        assertEquals(0, sim.status(), sim.all());
        assertEquals(0, papers.status(), papers.all());
        String[] summary = Files.readAllLines(out.resolve("summary.csv")).get(1).split(",");
        JsonNode cell = new ObjectMapper().readTree(papers.out()).get("sia-saturn").get("policies").get("optimus")
                .get("perWorkload").get(0);
        assertEquals(Double.parseDouble(summary[2]), cell.get("avgJctSec").asDouble(), 1e-3, "avg JCT");
        assertEquals(Double.parseDouble(summary[5]), cell.get("makespanSec").asDouble(), 1e-3, "makespan");
        assertEquals(Long.parseLong(summary[7]), cell.get("resizes").asLong(), "resizes");
    }

    @Test
    void csvHasARowPerPolicyAndPerPublishedSystemAndPerJobCsvsGoUnderOut() throws IOException {
        Path out = tmp.resolve("papers-out");
        PapersRun r = PapersRun.papers("--suites", "sia-philly", "--workloads-per-suite", "1", "--jobs", "20",
                "--policies", "fifo,optimus", "--csv", "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        List<String> lines = r.out().lines().toList();
        assertEquals(PapersExport.CSV_HEADER, lines.get(0));
        assertEquals(6, lines.size(), r.out());
        assertTrue(lines.get(1).startsWith("sia-philly,measured,fifo,1,"), lines.get(1));
        assertTrue(lines.get(2).startsWith("sia-philly,measured,optimus,1,") && lines.get(2).contains(",1.000,"),
                lines.get(2));
        assertEquals("sia-philly,published,Sia,,0.600,9.500,14.200,,,yes,Sia SOSP'23 Table 3 (Philly)", lines.get(3));
        assertEquals(21, Files.readAllLines(out.resolve("sia-philly/workload-1/jobs-optimus.csv")).size(),
                "a header and 20 jobs");
    }

    @Test
    void aRejectedDl2ModelRunsOptimusAndItsRowsSaySo() throws IOException {
        Path model = tmp.resolve("broken.onnx");
        Files.write(model, new byte[] {42});
        PapersRun r = PapersRun.papers("--suites", "pollux", "--workloads-per-suite", "1", "--jobs", "10",
                "--policies", "optimus,dl2", "--dl2-model", model.toString());

        assertEquals(0, r.status(), r.all());
        assertTrue(r.err().contains("yarn-dl papers: WARNING: dl2 falls back to optimus"), r.err());
        assertTrue(r.out().contains("| dl2 (fallback: optimus) |"), r.out());
    }

    @Test
    void unknownPoliciesSuitesAndBadCountsAreUsageErrorsNamingTheValue() {
        PapersRun policy = PapersRun.papers("--policies", "fifo,tetris");
        PapersRun suite = PapersRun.papers("--suites", "pollux,helios");
        PapersRun twice = PapersRun.papers("--policies", "fifo,fifo");
        PapersRun threads = PapersRun.papers("--threads", "0");
        PapersRun outputs = PapersRun.papers("--json", "--csv");
        PapersRun data = PapersRun.of("papers", "--suites", "pollux", "--pollux-data", tmp.toString());
        PapersRun except = PapersRun.papers("--except", "tetris");
        PapersRun exceptNamed = PapersRun.papers("--except", "dl2", "--policies", "fifo");

        assertEquals(SimulatorCli.EXIT_USAGE, policy.status(), policy.all());
        assertTrue(policy.err().contains("tetris") && policy.err().contains("optimus"), policy.err());
        assertEquals(SimulatorCli.EXIT_USAGE, suite.status(), suite.all());
        assertTrue(suite.err().contains("--suites: unknown suite 'helios'; known: pollux, sia-philly, sia-saturn"),
                suite.err());
        assertEquals(SimulatorCli.EXIT_USAGE, twice.status(), twice.all());
        assertTrue(twice.err().contains("--policies names 'fifo' twice"), twice.err());
        assertEquals(SimulatorCli.EXIT_USAGE, threads.status(), threads.all());
        assertTrue(threads.err().contains("--threads must be at least 1, got 0"), threads.err());
        assertEquals(SimulatorCli.EXIT_USAGE, outputs.status(), outputs.all());
        assertTrue(outputs.err().contains("--json and --csv exclude each other"), outputs.err());
        assertEquals(SimulatorCli.EXIT_USAGE, data.status(), data.all());
        assertTrue(data.err().contains("pollux: profiles not found") && data.err().contains("--pollux-data"), data.err());
        assertEquals(SimulatorCli.EXIT_USAGE, except.status(), except.all());
        assertTrue(except.err().contains("--except: 'tetris' is not a default policy; defaults: fifo, drf, optimus,"),
                except.err());
        assertEquals(SimulatorCli.EXIT_USAGE, exceptNamed.status(), exceptNamed.all());
        assertTrue(exceptNamed.err().contains("--except applies to the default policies"), exceptNamed.err());
    }

    @Test
    void helpNamesTheSuitesAndTheGoal() {
        PapersRun r = PapersRun.of("papers", "--help");

        assertEquals(0, r.status(), r.all());
        for (String text : List.of("pollux", "sia-philly", "sia-saturn", "--workloads-per-suite", "--threads", "--json",
                "--csv", "--dl2-model", "--fixed-batch", "--smd-knapsack-seconds", "--pollux-fairness-p", "--sia-fairness-p",
                "30% below optimus")) {
            assertTrue(r.out().contains(text), text + "\n" + r.out());
        }
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
