package io.yarndl.core.placement.marl;

import java.util.SplittableRandom;

/** How a decision's candidate is picked from the scores: the best when serving, a sample when exploring. */
public interface ChoiceRule {

    /** The best score; the first of equal ones. */
    ChoiceRule GREEDY = scores -> {
        int best = 0;
        for (int i = 1; i < scores.length; i++) {
            if (scores[i] > scores[best]) {
                best = i;
            }
        }
        return best;
    };

    /** The index picked among {@code scores} (not empty). */
    int choose(float[] scores);

    /** Samples from the softmax of the scores over {@code temperature}, from {@code random}: training's rollouts. */
    static ChoiceRule sampling(SplittableRandom random, double temperature) {
        if (!(temperature > 0)) {
            throw new IllegalArgumentException("temperature must be positive, got " + temperature);
        }
        return scores -> {
            double max = Double.NEGATIVE_INFINITY;
            for (float s : scores) {
                max = Math.max(max, s);
            }
            double[] weights = new double[scores.length];
            double sum = 0;
            for (int i = 0; i < scores.length; i++) {
                weights[i] = Math.exp((scores[i] - max) / temperature);
                sum += weights[i];
            }
            double pick = random.nextDouble() * sum;
            for (int i = 0; i < scores.length; i++) {
                pick -= weights[i];
                if (pick <= 0) {
                    return i;
                }
            }
            return scores.length - 1;
        };
    }
}
