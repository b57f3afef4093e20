package io.yarndl.core.policy.dl2;

import java.util.SplittableRandom;

/**
 * Picks one action from the network's logits among the valid ones. Serving takes the most likely
 * ({@link #greedy()}); training rollouts sample from the masked softmax ({@link #sampling}), so
 * they explore.
 */
public interface ActionChooser {

    /** The chosen action index; {@code valid[i]} says whether action i may be chosen (stop always may). */
    int choose(float[] logits, boolean[] valid);

    /** The valid action with the highest logit; ties go to the lowest index. */
    static ActionChooser greedy() {
        return (logits, valid) -> {
            // Not seeded with stop: a tie between an action and stop goes to the action, as documented.
            int best = -1;
            for (int i = 0; i < valid.length; i++) {
                if (valid[i] && (best < 0 || logits[i] > logits[best])) {
                    best = i;
                }
            }
            return best < 0 ? Dl2Layout.STOP : best;
        };
    }

    /**
     * Samples from the softmax of the valid logits divided by {@code temperature}, with its own
     * random stream: not thread-safe, one per rollout.
     */
    static ActionChooser sampling(long seed, double temperature) {
        if (!(temperature > 0)) {
            throw new IllegalArgumentException("temperature must be positive, got " + temperature);
        }
        SplittableRandom random = new SplittableRandom(seed);
        return (logits, valid) -> {
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < valid.length; i++) {
                if (valid[i]) {
                    max = Math.max(max, logits[i] / temperature);
                }
            }
            double[] weights = new double[valid.length];
            double total = 0;
            for (int i = 0; i < valid.length; i++) {
                if (valid[i]) {
                    weights[i] = Math.exp(logits[i] / temperature - max);
                    total += weights[i];
                }
            }
            double pick = random.nextDouble() * total;
            for (int i = 0; i < valid.length; i++) {
                // Strictly below: a draw of exactly 0 must not land on an action of weight 0.
                if (valid[i] && pick < weights[i]) {
                    return i;
                }
                pick -= weights[i];
            }
            return Dl2Layout.STOP;
        };
    }
}
