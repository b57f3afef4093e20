package io.yarndl.core.policy.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ActionChooserTest {

    @Test
    void greedyPicksTheValidActionWithTheHighestLogit() {
        float[] logits = logits();
        logits[7] = 9;
        logits[4] = 3;
        boolean[] valid = valid(4, 10);

        assertEquals(4, ActionChooser.greedy().choose(logits, valid), "7 is higher but invalid");
    }

    @Test
    void greedyNeverPicksAnInvalidAction() {
        Random random = new Random(3);
        ActionChooser greedy = ActionChooser.greedy();
        for (int trial = 0; trial < 500; trial++) {
            float[] logits = randomLogits(random);
            boolean[] valid = randomValid(random);

            int action = greedy.choose(logits, valid);

            assertTrue(valid[action], "trial " + trial + " chose invalid " + action);
            for (int i = 0; i < valid.length; i++) {
                assertTrue(!valid[i] || logits[i] <= logits[action], "trial " + trial + ": " + i + " was better");
            }
        }
    }

    @Test
    void greedyBreaksTiesTowardsTheLowestIndex() {
        float[] logits = logits();
        boolean[] valid = valid(5, 9);

        assertEquals(5, ActionChooser.greedy().choose(logits, valid), "5, 9 and stop tie");
        logits[9] = 1;
        logits[Dl2Layout.STOP] = 1;
        assertEquals(9, ActionChooser.greedy().choose(logits, valid), "9 and stop tie above 5");
    }

    @Test
    void greedyGoesOnWhenAllActionsTogetherAreLikelierThanStopThoughStopIsTheLargestLogit() {
        float[] logits = logits();
        logits[Dl2Layout.STOP] = 1;

        assertEquals(3, ActionChooser.greedy().choose(logits, valid(3, 4, 5, 6, 7, 8, 9, 10, 11, 12)),
                "stop has e/(e+10) = 0.21 of the mass; going on has the rest");
    }

    @Test
    void greedyStopsWhenStopIsLikelierThanAllActionsTogether() {
        float[] logits = logits();
        logits[Dl2Layout.STOP] = 1;

        assertEquals(Dl2Layout.STOP, ActionChooser.greedy().choose(logits, valid(3, 4)), "stop has e/(e+2) = 0.58");
    }

    @Test
    void greedyStopsWhenOnlyStopIsValid() {
        float[] logits = logits();
        logits[0] = 100;

        assertEquals(Dl2Layout.STOP, ActionChooser.greedy().choose(logits, valid()));
    }

    @Test
    void samplingIsDeterministicForASeed() {
        Random random = new Random(5);
        float[] logits = randomLogits(random);
        boolean[] valid = randomValid(random);
        ActionChooser first = ActionChooser.sampling(42, 1.0);
        ActionChooser second = ActionChooser.sampling(42, 1.0);

        for (int i = 0; i < 200; i++) {
            assertEquals(first.choose(logits, valid), second.choose(logits, valid), "draw " + i);
        }
    }

    @Test
    void samplingNeverPicksAnInvalidAction() {
        Random random = new Random(9);
        ActionChooser sampling = ActionChooser.sampling(1, 1.0);
        for (int trial = 0; trial < 2_000; trial++) {
            float[] logits = randomLogits(random);
            boolean[] valid = randomValid(random);
            if (trial % 3 == 0) {
                // An invalid action far ahead must not leak probability.
                int invalid = random.nextInt(Dl2Layout.STOP);
                valid[invalid] = false;
                logits[invalid] = 1_000;
            }

            int action = sampling.choose(logits, valid);

            assertTrue(valid[action], "trial " + trial + " chose invalid " + action);
        }
    }

    @Test
    void samplingFollowsTheMaskedSoftmax() {
        float[] logits = logits();
        logits[3] = (float) Math.log(3);
        boolean[] valid = valid(0, 3); // weights 1 (0), 3 (3), 1 (stop): 20%, 60%, 20%
        ActionChooser sampling = ActionChooser.sampling(7, 1.0);
        int[] counts = new int[Dl2Layout.OUTPUT_SIZE];

        for (int i = 0; i < 10_000; i++) {
            counts[sampling.choose(logits, valid)]++;
        }

        assertEquals(0.2, counts[0] / 10_000.0, 0.02);
        assertEquals(0.6, counts[3] / 10_000.0, 0.02);
        assertEquals(0.2, counts[Dl2Layout.STOP] / 10_000.0, 0.02);
    }

    @Test
    void samplingApproachesGreedyAsTheTemperatureFalls() {
        Random random = new Random(13);
        ActionChooser cold = ActionChooser.sampling(2, 1e-3);
        ActionChooser greedy = ActionChooser.greedy();
        for (int trial = 0; trial < 500; trial++) {
            float[] logits = randomLogits(random);
            boolean[] valid = randomValid(random);

            assertEquals(greedy.choose(logits, valid), cold.choose(logits, valid), "trial " + trial);
        }
    }

    @Test
    void samplingRefusesATemperatureThatIsNotPositive() {
        assertThrows(IllegalArgumentException.class, () -> ActionChooser.sampling(1, 0));
        assertThrows(IllegalArgumentException.class, () -> ActionChooser.sampling(1, -1));
        assertThrows(IllegalArgumentException.class, () -> ActionChooser.sampling(1, Double.NaN));
    }

    private static float[] logits() {
        return new float[Dl2Layout.OUTPUT_SIZE];
    }

    /** Stop and the given actions valid. */
    private static boolean[] valid(int... actions) {
        boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];
        for (int action : actions) {
            valid[action] = true;
        }
        valid[Dl2Layout.STOP] = true;
        return valid;
    }

    /** A shuffle of 0 to 120: no ties, and one unit apart, so a cold sampler's choice is certain. */
    private static float[] randomLogits(Random random) {
        float[] logits = new float[Dl2Layout.OUTPUT_SIZE];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = i;
        }
        for (int i = logits.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            float swap = logits[i];
            logits[i] = logits[j];
            logits[j] = swap;
        }
        return logits;
    }

    private static boolean[] randomValid(Random random) {
        boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];
        for (int i = 0; i < Dl2Layout.STOP; i++) {
            valid[i] = random.nextInt(4) == 0;
        }
        valid[Dl2Layout.STOP] = true;
        return valid;
    }
}
