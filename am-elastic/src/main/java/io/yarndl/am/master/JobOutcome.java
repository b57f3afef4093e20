package io.yarndl.am.master;

/**
 * How the job ended, or that it has not.
 *
 * @param state       running, succeeded or failed
 * @param diagnostics what the AM tells YARN when it unregisters
 */
public record JobOutcome(State state, String diagnostics) {
    public enum State { RUNNING, SUCCEEDED, FAILED }
}
