package io.yarndl.core.policy.dl2;

/**
 * What a driver hears from the DL2 policy about its model, to log and count: the RM turns these
 * into log lines and metrics, the simulator into lines on the console.
 */
public interface Dl2Events {

    Dl2Events NONE = new Dl2Events() {
    };

    /** A verified model serves. */
    default void serving(Dl2Model model) {
    }

    /** DL2 runs {@code optimus} instead, because of {@code reason} (it names the model file and what is wrong). */
    default void fellBack(String reason) {
    }

    /** One call of the serving model's network took {@code nanos} (several calls per plan: one per action). */
    default void inferred(long nanos) {
    }
}
