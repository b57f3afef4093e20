package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.core.policy.dl2.Dl2Layout;
import io.yarndl.sim.cli.SimulatorCli;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RolloutsCommandTest {

    @TempDir
    Path tmp;

    /** The four data files and batch.json of a batch folder, read back. */
    private record Batch(JsonNode json, byte[] states, byte[] valid, int[] actions, int[] rounds) {

        static Batch read(Path dir) throws IOException {
            return new Batch(new ObjectMapper().readTree(dir.resolve("batch.json").toFile()),
                    Files.readAllBytes(dir.resolve("states.f32")), Files.readAllBytes(dir.resolve("valid.u8")),
                    ints(dir.resolve("actions.i32")), ints(dir.resolve("rounds.i32")));
        }

        private static int[] ints(Path file) throws IOException {
            ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
            int[] values = new int[bytes.remaining() / Integer.BYTES];
            bytes.asIntBuffer().get(values);
            return values;
        }

        long decisions() {
            return json.get("decisions").asLong();
        }

        boolean valid(int decision, int action) {
            return valid[decision * Dl2Layout.OUTPUT_SIZE + action] == 1;
        }
    }

    private Cli.Run rollouts(String... args) {
        return Cli.run(java.util.stream.Stream.concat(java.util.stream.Stream.of("rollouts"),
                java.util.stream.Stream.of(args)).toArray(String[]::new));
    }

    @Test
    void modelRolloutsWriteOneRowPerDecisionAndOnlyActionsThatWereValid() throws IOException {
        Path model = Cli.shippedModelIn(tmp);
        Path out = tmp.resolve("batch");

        Cli.Run r = rollouts("--model", model.toString(), "--seeds", "1-2", "--jobs", "6", "--cluster-nodes", "1",
                "--threads", "2", "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        Batch batch = Batch.read(out);
        long n = batch.decisions();
        assertTrue(n > 0, r.all());
        assertEquals(Dl2Layout.INPUT_SIZE, batch.json().get("inputSize").asInt());
        assertEquals(Dl2Layout.OUTPUT_SIZE, batch.json().get("outputSize").asInt());
        assertTrue(batch.json().get("teacher").isNull());
        assertEquals(n * Dl2Layout.INPUT_SIZE * Float.BYTES, batch.states().length);
        assertEquals(n * Dl2Layout.OUTPUT_SIZE, batch.valid().length);
        assertEquals(n, batch.actions().length);
        assertEquals(2 * n, batch.rounds().length);
        JsonNode episodes = batch.json().get("episodes");
        assertEquals(2, episodes.size());
        long perEpisode = 0;
        for (JsonNode episode : episodes) {
            double rewardSum = 0;
            for (JsonNode reward : episode.get("rewards")) {
                rewardSum += reward.asDouble();
            }
            assertEquals(6, episode.get("jobs").asInt());
            assertEquals(6, episode.get("finishedJobs").asInt());
            assertEquals(6, rewardSum, 1e-6 * 6, "every finished job adds 1 to the rewards");
            assertEquals(episode.get("rounds").asInt(), episode.get("rewards").size());
            perEpisode += episode.get("decisions").asLong();
        }
        assertEquals(n, perEpisode);
        int lastEpisode = 0;
        int lastRound = 0;
        for (int i = 0; i < n; i++) {
            assertTrue(batch.valid(i, batch.actions()[i]), "decision " + i + " took invalid action " + batch.actions()[i]);
            assertTrue(batch.valid(i, Dl2Layout.STOP), "stop is always valid");
            int episode = batch.rounds()[2 * i];
            int round = batch.rounds()[2 * i + 1];
            assertTrue(episode > lastEpisode || episode == lastEpisode && round >= lastRound,
                    "rows are in episode and round order at decision " + i);
            assertTrue(round < episodes.get(episode).get("rounds").asInt());
            lastEpisode = episode;
            lastRound = round;
        }
        assertTrue(r.err().contains("episode 1/2 seed 1 rollout 0") && r.err().contains("episode 2/2 seed 2"), r.err());
        assertFalse(Files.exists(out.resolve(".parts")), "part files are removed");
    }

    @Test
    void batchIsTheSameWhateverTheThreads() throws IOException {
        Path model = Cli.shippedModelIn(tmp);
        String[] common = {"--model", model.toString(), "--seeds", "3,1", "--rollouts-per-seed", "2", "--jobs", "8",
            "--cluster-nodes", "1", "--horizon-rounds", "40", "--keep-fraction", "0.5", "--temperature", "2"};

        Cli.Run one = rollouts(concat(common, "--threads", "1", "--out", tmp.resolve("one").toString()));
        Cli.Run three = rollouts(concat(common, "--threads", "3", "--out", tmp.resolve("three").toString()));

        assertEquals(0, one.status(), one.all());
        assertEquals(0, three.status(), three.all());
        for (String file : List.of("batch.json", "states.f32", "valid.u8", "actions.i32", "rounds.i32")) {
            assertArrayEquals(Files.readAllBytes(tmp.resolve("one").resolve(file)),
                    Files.readAllBytes(tmp.resolve("three").resolve(file)), file);
        }
        JsonNode episodes = Batch.read(tmp.resolve("one")).json().get("episodes");
        assertEquals(4, episodes.size());
        assertEquals(3, episodes.get(0).get("seed").asLong());
        assertEquals(1, episodes.get(1).get("rollout").asInt());
        for (JsonNode episode : episodes) {
            assertTrue(episode.get("rounds").asInt() <= 40, episode.toString());
        }
    }

    @Test
    void teacherBatchRecordsTheTeachersActionsEndingEachRoundWithStop() throws IOException {
        Path out = tmp.resolve("warmup");

        Cli.Run r = rollouts("--teacher", "optimus", "--seeds", "5", "--jobs", "6", "--cluster-nodes", "1",
                "--out", out.toString());

        assertEquals(0, r.status(), r.all());
        Batch batch = Batch.read(out);
        assertEquals("optimus", batch.json().get("teacher").asText());
        assertEquals(RolloutsCommand.defaultJobTypes().size(), batch.json().get("jobTypes").size());
        int rounds = batch.json().get("episodes").get(0).get("rounds").asInt();
        long stops = java.util.Arrays.stream(batch.actions()).filter(a -> a == Dl2Layout.STOP).count();
        assertEquals(rounds, stops, "one stop per round");
        for (int i = 0; i < batch.decisions(); i++) {
            assertTrue(batch.valid(i, batch.actions()[i]), "decision " + i);
        }
        assertEquals(Dl2Layout.STOP, batch.actions()[batch.actions().length - 1]);
    }

    @Test
    void rejectedModelFailsWithExitOneNamingTheFile() throws IOException {
        Path model = Cli.shippedModelIn(tmp);
        Files.write(model, new byte[] {1, 2, 3});

        Cli.Run corrupt = rollouts("--model", model.toString(), "--seeds", "1", "--out", tmp.resolve("b").toString());
        Path missing = tmp.resolve("missing.onnx");
        Cli.Run absent = rollouts("--model", missing.toString(), "--seeds", "1", "--out", tmp.resolve("b").toString());

        assertEquals(SimulatorCli.EXIT_FAILED, corrupt.status(), corrupt.all());
        assertTrue(corrupt.err().contains(model.toString()) && corrupt.err().contains("sha256"), corrupt.err());
        assertEquals(SimulatorCli.EXIT_FAILED, absent.status(), absent.all());
        assertTrue(absent.err().contains(missing.toString()) && absent.err().contains("does not exist"), absent.err());
        assertFalse(Files.exists(tmp.resolve("b").resolve("batch.json")));
    }

    @Test
    void needsExactlyOneOfModelAndTeacherAndNoDl2Teacher() throws IOException {
        Path model = Cli.shippedModelIn(tmp);
        String out = tmp.resolve("b").toString();

        Cli.Run both = rollouts("--model", model.toString(), "--teacher", "drf", "--seeds", "1", "--out", out);
        Cli.Run neither = rollouts("--seeds", "1", "--out", out);
        Cli.Run dl2 = rollouts("--teacher", "dl2", "--seeds", "1", "--out", out);
        Cli.Run unknown = rollouts("--teacher", "nosuch", "--seeds", "1", "--out", out);

        assertEquals(SimulatorCli.EXIT_USAGE, both.status(), both.all());
        assertTrue(both.err().contains("not both"), both.err());
        assertEquals(SimulatorCli.EXIT_USAGE, neither.status(), neither.all());
        assertTrue(neither.err().contains("--model") && neither.err().contains("--teacher"), neither.err());
        assertEquals(SimulatorCli.EXIT_USAGE, dl2.status(), dl2.all());
        assertTrue(dl2.err().contains("--teacher dl2"), dl2.err());
        assertEquals(SimulatorCli.EXIT_USAGE, unknown.status(), unknown.all());
        assertTrue(unknown.err().contains("'nosuch'") && unknown.err().contains("known policies"), unknown.err());
    }

    @Test
    void badOptionValuesAreNamed() {
        String out = tmp.resolve("b").toString();
        Cli.Run seeds = rollouts("--teacher", "drf", "--seeds", "4-1", "--out", out);
        Cli.Run keep = rollouts("--teacher", "drf", "--seeds", "1", "--keep-fraction", "0", "--out", out);
        Cli.Run workload = rollouts("--teacher", "drf", "--seeds", "1", "--workload", "philly", "--out", out);
        Cli.Run temperature = rollouts("--teacher", "drf", "--seeds", "1", "--temperature", "0.5", "--out", out);

        assertTrue(seeds.status() == SimulatorCli.EXIT_USAGE && seeds.err().contains("--seeds"), seeds.all());
        assertTrue(keep.status() == SimulatorCli.EXIT_USAGE && keep.err().contains("--keep-fraction"), keep.all());
        assertTrue(workload.status() == SimulatorCli.EXIT_USAGE && workload.err().contains("'philly'"), workload.all());
        assertTrue(temperature.status() == SimulatorCli.EXIT_USAGE && temperature.err().contains("--temperature"),
                temperature.all());
    }

    @Test
    void helpSaysTrainUsesItAndWhatEachWorkloadIs() {
        Cli.Run r = rollouts("--help");
        String help = r.out().replaceAll("\\s+", " ");
        assertEquals(0, r.status(), r.all());
        for (String expected : new String[] {"bin/yarn-dl train", "synthetic", "dl2", "--horizon-rounds",
            "--keep-fraction", "--rollouts-per-seed", "--cluster-nodes"}) {
            assertTrue(help.contains(expected), "help lacks '" + expected + "':\n" + r.out());
        }
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }
}
