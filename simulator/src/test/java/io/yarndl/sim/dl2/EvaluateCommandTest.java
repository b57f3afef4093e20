package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.sim.cli.SimulatorCli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluateCommandTest {

    private static final List<String> POLICIES = List.of("fifo", "drf", "optimus", "dl2");

    @TempDir
    Path tmp;

    private static Cli.Run evaluateTiny(String... more) {
        String[] args = {"evaluate", "--seeds", "1-2", "--jobs", "6", "--cluster-nodes", "1", "--threads", "2"};
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return Cli.run(all);
    }

    @Test
    void jsonHasEveryWorkloadAndPolicyWithOneResultPerSeed() throws IOException {
        Cli.Run r = evaluateTiny("--json", "--dl2-model", Cli.shippedModelIn(tmp).toString());

        assertEquals(0, r.status(), r.all());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(List.of("synthetic", "dl2"), fieldNames(json));
        for (String workload : List.of("synthetic", "dl2")) {
            assertEquals(POLICIES, fieldNames(json.get(workload)), workload);
            for (String policy : POLICIES) {
                JsonNode entry = json.get(workload).get(policy);
                assertEquals(2, entry.get("perSeed").size(), workload + " " + policy);
                if (!entry.has("failures")) {
                    double mean = (entry.get("perSeed").get(0).asDouble() + entry.get("perSeed").get(1).asDouble()) / 2;
                    assertEquals(mean, entry.get("meanAvgJctSec").asDouble(), 1e-6, workload + " " + policy);
                    assertTrue(mean > 0, workload + " " + policy);
                }
            }
            assertFalse(json.get(workload).get("dl2").get("fallback").asBoolean());
            assertFalse(json.get(workload).get("optimus").has("failures"), "optimus finishes every job");
        }
    }

    @Test
    void rejectedDl2ModelIsAnnouncedAndItsRowMarkedFallback() throws IOException {
        Path model = Cli.shippedModelIn(tmp);
        Files.write(model, new byte[] {42});

        Cli.Run table = evaluateTiny("--workloads", "dl2", "--policies", "optimus,dl2", "--dl2-model", model.toString());
        Cli.Run json = evaluateTiny("--workloads", "dl2", "--policies", "optimus,dl2", "--dl2-model", model.toString(),
                "--json");

        assertEquals(0, table.status(), table.all());
        assertTrue(table.err().contains("WARNING: dl2 falls back to optimus") && table.err().contains(model.toString()),
                table.err());
        assertTrue(table.out().contains("| dl2 (fallback) |"), table.out());
        assertTrue(table.out().contains("FELL BACK"), table.out());
        JsonNode dl2 = new ObjectMapper().readTree(json.out()).get("dl2");
        assertTrue(dl2.get("dl2").get("fallback").asBoolean());
        assertEquals(dl2.get("optimus").get("perSeed"), dl2.get("dl2").get("perSeed"), "the fallback runs optimus");
    }

    @Test
    void tableComparesEachPolicyWithOptimusAndDrf() {
        Cli.Run r = evaluateTiny("--workloads", "synthetic", "--policies", "fifo,drf,optimus");

        assertEquals(0, r.status(), r.all());
        assertTrue(r.out().contains("| policy | avg JCT (h), mean over seeds | std over seeds (h) | vs optimus | vs drf |"),
                r.out());
        assertTrue(r.out().contains("| optimus |") && r.out().contains("| 1.000 |"), r.out());
        assertTrue(r.out().contains("seeds 1-2"), r.out());
        assertTrue(r.err().contains("evaluate: [6/6]"), r.err());
    }

    @Test
    void unknownNamesAndAMissingModelAreUsageErrors() {
        Cli.Run policy = evaluateTiny("--policies", "fifo,nosuch");
        Cli.Run workload = evaluateTiny("--workloads", "synthetic,philly");
        Path missing = tmp.resolve("gone.onnx");
        Cli.Run model = evaluateTiny("--dl2-model", missing.toString());

        assertEquals(SimulatorCli.EXIT_USAGE, policy.status(), policy.all());
        assertTrue(policy.err().contains("'nosuch'"), policy.err());
        assertEquals(SimulatorCli.EXIT_USAGE, workload.status(), workload.all());
        assertTrue(workload.err().contains("'philly'"), workload.err());
        assertEquals(SimulatorCli.EXIT_USAGE, model.status(), model.all());
        assertTrue(model.err().contains(missing.toString()), model.err());
    }

    @Test
    void severalLoadsGiveATableForEachWorkloadAndLoad() {
        Cli.Run r = evaluateTiny("--workloads", "dl2,ps-synthetic", "--load", "0.7,1.0", "--policies", "fifo,drf");

        assertEquals(0, r.status(), r.all());
        List<String> titles = r.out().lines().filter(line -> line.startsWith("### ")).toList();
        assertEquals(4, titles.size(), r.out());
        assertTrue(titles.get(0).startsWith("### dl2 workload: 6 jobs, load 0.70,"), titles.toString());
        assertTrue(titles.get(1).startsWith("### dl2 workload: 6 jobs, load 1.00,"), titles.toString());
        assertTrue(titles.get(2).startsWith("### ps-synthetic workload: 6 jobs, load 0.70,"), titles.toString());
        assertTrue(titles.get(3).startsWith("### ps-synthetic workload: 6 jobs, load 1.00,"), titles.toString());
        assertTrue(r.err().contains("evaluate: [16/16]") && r.err().contains("ps-synthetic@0.7"), r.err());
    }

    @Test
    void jsonWithSeveralLoadsIsKeyedByWorkloadAtLoad() throws IOException {
        Cli.Run r = evaluateTiny("--workloads", "synthetic,ps-synthetic", "--load", "0.7,1.0", "--policies", "fifo,drf",
                "--json");

        assertEquals(0, r.status(), r.all());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(List.of("synthetic@0.7", "synthetic@1.0", "ps-synthetic@0.7", "ps-synthetic@1.0"),
                fieldNames(json));
        for (JsonNode table : json) {
            assertEquals(List.of("fifo", "drf"), fieldNames(table));
            assertEquals(2, table.get("drf").get("perSeed").size());
        }
        assertNotEquals(json.get("synthetic@0.7").get("drf").get("meanAvgJctSec").asDouble(),
                json.get("synthetic@1.0").get("drf").get("meanAvgJctSec").asDouble(), "each load runs its own workload");
    }

    @Test
    void jsonWithOneLoadKeepsTheWorkloadKeys() throws IOException {
        Cli.Run r = evaluateTiny("--workloads", "ps-synthetic", "--load", "0.7", "--policies", "fifo,drf", "--json");

        assertEquals(0, r.status(), r.all());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(List.of("ps-synthetic"), fieldNames(json));
        assertEquals(List.of("fifo", "drf"), fieldNames(json.get("ps-synthetic")));
    }

    @Test
    void badLoadsAreUsageErrorsNamingLoad() {
        for (String bad : List.of("0.7,-1", "0.7,abc", "0", "NaN", "Infinity", "0.7,0.7")) {
            Cli.Run r = evaluateTiny("--load", bad, "--policies", "fifo");

            assertEquals(SimulatorCli.EXIT_USAGE, r.status(), bad + ": " + r.all());
            assertTrue(r.err().contains("--load"), bad + ": " + r.err());
        }
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
