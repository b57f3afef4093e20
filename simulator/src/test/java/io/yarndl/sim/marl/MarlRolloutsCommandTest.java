package io.yarndl.sim.marl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.placement.marl.MarlLayout;
import io.yarndl.sim.cli.SimulatorCli;
import io.yarndl.sim.workload.RepoData;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code marl-rollouts} on a tiny cluster (8 nodes in racks of 2: 4 racks, 2 agents) and 40-job
 * windows of the Philly trace: the batch files agree with each other and with batch.json, the
 * rewards are one per round and sum to about minus the avg JCT, and a seeded batch is the same
 * whatever the thread count.
 */
class MarlRolloutsCommandTest {

    private static final List<String> TINY = List.of("--jobs", "40", "--cluster-spec", "rtx:8x8", "--nodes-per-rack",
            "2");

    private static final Path REPO = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path tmp;

    @Test
    void teacherBatchHasConsistentFilesAndOneRewardPerRound() throws Exception {
        Path out = tmp.resolve("teacher");
        assertEquals(0, run("--teacher", "--windows", "3,5", "--out", out.toString()));

        JsonNode batch = new ObjectMapper().readTree(out.resolve(MarlBatch.BATCH_JSON).toFile());
        long rows = batch.get("rows").asLong();
        long decisions = batch.get("decisions").asLong();
        assertTrue(decisions > 0, "no decision was recorded");
        assertEquals("teacher", batch.get("mode").asText());
        assertEquals(rows * MarlLayout.FEATURES * Float.BYTES, Files.size(out.resolve(MarlBatch.ROWS)));
        int[] fields = ints(out.resolve(MarlBatch.DECISIONS));
        assertEquals(decisions * DecisionLog.INTS_PER_DECISION, fields.length);

        long nextRow = 0;
        for (int d = 0; d < decisions; d++) {
            int at = d * DecisionLog.INTS_PER_DECISION;
            int first = fields[at];
            int count = fields[at + 1];
            assertEquals(nextRow, first, "decision " + d + " does not start where the previous ended");
            assertTrue(count >= 1 && fields[at + 2] >= 0 && fields[at + 2] < count && fields[at + 3] >= 0
                    && fields[at + 3] < count, "decision " + d + ": chosen or teacher out of its rows");
            int episode = fields[at + 4];
            JsonNode rewards = batch.get("episodes").get(episode).get("rewards");
            assertTrue(fields[at + 5] >= 0 && fields[at + 5] < rewards.size(), "decision " + d + " in no round");
            nextRow += count;
        }
        assertEquals(rows, nextRow);

        for (JsonNode episode : batch.get("episodes")) {
            assertEquals(episode.get("rounds").asInt(), episode.get("rewards").size());
            assertEquals(40, episode.get("finishedJobs").asInt());
            double sum = 0;
            for (JsonNode reward : episode.get("rewards")) {
                assertTrue(reward.asDouble() <= 0);
                sum += reward.asDouble();
            }
            double avgJctHours = episode.get("avgJctSec").asDouble() / 3600;
            // Jobs count from the round after they arrive to the round they finish in, whole.
            assertEquals(-avgJctHours, sum, 0.2 * avgJctHours + 600.0 / 3600, "return vs avg JCT");
        }
    }

    @Test
    void sampledBatchIsTheSameForASeedWhateverTheThreads() throws Exception {
        // scheduler-core's hand-set fixture: score = the node's free GPU share.
        Path model = REPO.resolve("scheduler-core/src/test/resources/marl/prefers-free.onnx");
        List<Path> outs = new ArrayList<>();
        for (String threads : List.of("1", "2")) {
            Path out = tmp.resolve("sampled-" + threads);
            assertEquals(0, run("--model", model.toString(), "--temperature", "0.5", "--windows", "3,5",
                    "--rollouts-per-window", "2", "--threads", threads, "--out", out.toString()));
            outs.add(out);
        }
        for (String file : List.of(MarlBatch.ROWS, MarlBatch.DECISIONS)) {
            assertArrayEquals(Files.readAllBytes(outs.get(0).resolve(file)), Files.readAllBytes(outs.get(1).resolve(file)),
                    file + " differs between 1 and 2 threads");
        }
        JsonNode one = new ObjectMapper().readTree(outs.get(0).resolve(MarlBatch.BATCH_JSON).toFile());
        JsonNode two = new ObjectMapper().readTree(outs.get(1).resolve(MarlBatch.BATCH_JSON).toFile());
        assertEquals(one.get("episodes"), two.get("episodes"));
        assertEquals("model", one.get("mode").asText());
    }

    @Test
    void evaluationPrintsEveryPlacementsAvgJct() throws Exception {
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, "--evaluate", "--json", "--windows", "3"));
        JsonNode figures = new ObjectMapper().readTree(out.toString()).get("meanAvgJctSec");
        for (String placement : List.of("fitness", "packing", "interference-aware")) {
            assertTrue(figures.get(placement).asDouble() > 0, placement + " missing: " + figures);
        }
    }

    @Test
    void refusesAWindowPastTheTrace() {
        StringWriter err = new StringWriter();
        CommandLine cli = cli(new StringWriter(), err);
        assertEquals(2, cli.execute(args("--teacher", "--windows", "99999", "--out", tmp.resolve("x").toString())));
        assertTrue(err.toString().contains("past the trace"), err.toString());
    }

    private int run(String... args) {
        return run(new StringWriter(), args);
    }

    private int run(StringWriter out, String... args) {
        StringWriter err = new StringWriter();
        int status = cli(out, err).execute(args(args));
        assertEquals(0, status, err.toString());
        return status;
    }

    private static CommandLine cli(StringWriter out, StringWriter err) {
        CommandLine cli = SimulatorCli.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli;
    }

    private static String[] args(String... args) {
        List<String> all = new ArrayList<>(List.of("marl-rollouts"));
        all.addAll(List.of(args));
        all.addAll(TINY);
        Path data = RepoData.dir();
        all.addAll(List.of("--philly-file", data.resolve("pollux/traces/philly.csv").toString(), "--sia-data",
                data.resolve("sia").toString()));
        return all.toArray(String[]::new);
    }

    private static int[] ints(Path file) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        int[] values = new int[buffer.remaining() / Integer.BYTES];
        buffer.asIntBuffer().get(values);
        return values;
    }
}
