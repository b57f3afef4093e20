package io.yarndl.scale.am;

/**
 * One simulated application, driven by its own timer: each {@link #tick} is an AM heartbeat.
 * Ticks of one AM never overlap.
 */
public interface SimulatedAm {

    /** One heartbeat; {@code nowNanos} is {@link System#nanoTime()} at the tick. */
    void tick(long nowNanos);

    /** Whether the application has ended (unregistered, or failed); a population then replaces it. */
    boolean done();
}
