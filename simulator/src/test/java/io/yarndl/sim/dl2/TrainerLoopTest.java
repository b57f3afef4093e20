package io.yarndl.sim.dl2;

import io.yarndl.core.policy.dl2.Dl2Layout;
import io.yarndl.core.policy.dl2.Dl2Model;
import io.yarndl.core.policy.dl2.ModelLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The whole DL2 training loop on a tiny workload, for real: the Python trainer (PyTorch) drives
 * this module's simulator through its command line, records a teacher, takes supervised and
 * policy-gradient steps on Java rollouts, exports ONNX and writes a card; Java then loads what it
 * wrote through the scheduler's own loader, and the trained network decides differently from the
 * one it started as, closer to its teacher.
 */
class TrainerLoopTest {

    private static final Path REPO = Path.of("").toAbsolutePath().getParent();
    private static final String PYTHON = "/usr/bin/python3";

    @Test
    void aFewIterationsTrainAModelThatJavaLoadsAndThatDecidesDifferently(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("work");
        Path model = dir.resolve("tiny.onnx");
        List<String> tiny = List.of("--work", work.toString(), "--model-out", model.toString(), "--model-id", "tiny",
                "--jobs", "6", "--load", "1.0", "--cluster-nodes", "1", "--sl-seeds", "1-3", "--sl-epochs", "6",
                "--rl-iterations", "1", "--rl-seeds", "1", "--rollouts-per-seed", "2", "--horizon-rounds", "40",
                "--val-seeds", "8001", "--eval-every", "1", "--threads", "1", "--sl-also", "none");

        String first = train(tiny);
        assertTrue(first.contains("SL epoch 6/6") && first.contains("RL 1/1"), first);

        List<String> resumed = new ArrayList<>(tiny);
        resumed.set(resumed.indexOf("--rl-iterations") + 1, "2");
        resumed.add("--resume");
        String second = train(resumed);
        assertTrue(second.contains("resumed at phase rl, SL epoch 6, RL iteration 1") && second.contains("RL 2/2"),
                second);
        assertTrue(!second.contains("SL epoch 1/6"), "a resumed run must not redo the warm-up:\n" + second);

        Dl2Model initial = ModelLoader.load(work.resolve("initial.onnx"));
        Dl2Model trained = ModelLoader.load(model);
        assertEquals("tiny", trained.card().id());
        assertTrue(String.valueOf(trained.card().training().get("command")).startsWith("bin/yarn-dl train"));
        assertTrue(trained.card().scores().containsKey("validation"), trained.card().scores().toString());

        TeacherDecisions teacher = TeacherDecisions.read(work.resolve("sl-data"));
        int initialAgrees = teacher.agreements(initial);
        int trainedAgrees = teacher.agreements(trained);
        int changed = teacher.differences(initial, trained);
        assertTrue(changed > 0, "training changed no decision");
        assertTrue(trainedAgrees > initialAgrees, "the trained model agrees with its teacher on " + trainedAgrees
                + " of " + teacher.size() + " decisions, the untrained one on " + initialAgrees);
    }

    private static String train(List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(PYTHON, REPO.resolve("onnx-models/trainer/train.py").toString(),
                "--sim-classpath", System.getProperty("java.class.path")));
        command.addAll(options);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "trainer did not finish");
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), text);
        return text;
    }

    /** The teacher's recorded decisions (states, valid actions, chosen action) from a supervised batch. */
    private record TeacherDecisions(float[][] states, boolean[][] valid, int[] actions) {

        static TeacherDecisions read(Path folder) throws IOException {
            int[] actions = ints(Files.readAllBytes(folder.resolve("actions.i32")));
            ByteBuffer states = ByteBuffer.wrap(Files.readAllBytes(folder.resolve("states.f32")))
                    .order(ByteOrder.LITTLE_ENDIAN);
            byte[] valid = Files.readAllBytes(folder.resolve("valid.u8"));
            float[][] s = new float[actions.length][Dl2Layout.INPUT_SIZE];
            boolean[][] v = new boolean[actions.length][Dl2Layout.OUTPUT_SIZE];
            for (int i = 0; i < actions.length; i++) {
                for (int j = 0; j < Dl2Layout.INPUT_SIZE; j++) {
                    s[i][j] = states.getFloat();
                }
                for (int j = 0; j < Dl2Layout.OUTPUT_SIZE; j++) {
                    v[i][j] = valid[i * Dl2Layout.OUTPUT_SIZE + j] != 0;
                }
            }
            return new TeacherDecisions(s, v, actions);
        }

        int size() {
            return actions.length;
        }

        int agreements(Dl2Model model) {
            int agree = 0;
            for (int i = 0; i < actions.length; i++) {
                agree += greedy(model, i) == actions[i] ? 1 : 0;
            }
            return agree;
        }

        int differences(Dl2Model a, Dl2Model b) {
            int differ = 0;
            for (int i = 0; i < actions.length; i++) {
                differ += greedy(a, i) != greedy(b, i) ? 1 : 0;
            }
            return differ;
        }

        private int greedy(Dl2Model model, int i) {
            return io.yarndl.core.policy.dl2.ActionChooser.greedy().choose(model.network().logits(states[i]), valid[i]);
        }

        private static int[] ints(byte[] bytes) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            int[] out = new int[bytes.length / 4];
            for (int i = 0; i < out.length; i++) {
                out[i] = buffer.getInt();
            }
            return out;
        }
    }
}
