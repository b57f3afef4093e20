package io.yarndl.core.policy.dl2;

/**
 * Sees every decision the DL2 policy makes, for training: the state it saw, which actions were
 * valid and which it took. Serving uses {@link #NONE}. The arrays are reused after the call
 * returns: copy what you keep.
 */
public interface DecisionRecorder {

    DecisionRecorder NONE = (timeSec, state, valid, action) -> { };

    void decided(double timeSec, float[] state, boolean[] valid, int action);
}
