package io.yarndl.core.placement.marl.serving;

/**
 * What a driver hears from the {@code marl} placement about its model, to log and count: the RM
 * turns these into log lines and metrics, the simulator into a warning on the console.
 */
public interface MarlEvents {

    MarlEvents NONE = new MarlEvents() {
    };

    /** A verified model serves. */
    default void serving(MarlModel model) {
    }

    /**
     * {@code marl} places as {@code interference-aware} from now on, because of {@code reason} (it
     * names the model file and what is wrong, or how the network failed).
     */
    default void fellBack(String reason) {
    }
}
