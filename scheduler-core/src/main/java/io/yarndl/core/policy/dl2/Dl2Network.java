package io.yarndl.core.policy.dl2;

/** DL2's policy network: a state vector in, one logit per action out. */
public interface Dl2Network {

    /**
     * The logits for {@code state} ({@link Dl2Layout#INPUT_SIZE} floats).
     *
     * @return {@link Dl2Layout#OUTPUT_SIZE} logits
     * @throws ModelFailureException when the network cannot answer
     */
    float[] logits(float[] state);
}
