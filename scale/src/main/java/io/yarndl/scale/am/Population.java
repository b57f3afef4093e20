package io.yarndl.scale.am;

import io.yarndl.scale.run.HarnessMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Keeps a number of simulated applications alive on a shared timer: each slot submits its
 * application at its start time, then ticks it every heartbeat; an application that is
 * {@link SimulatedAm#done() done} is replaced by a new one at the slot's next tick (non-DL churn),
 * so the population stays the same size.
 */
public final class Population {

    /** Submits the {@code n}-th application of a slot's lifetime; throws when the RM refuses it. */
    @FunctionalInterface
    public interface Submission {
        SimulatedAm submit(int n) throws Exception;
    }

    private final List<Slot> slots = new ArrayList<>();

    /**
     * Starts {@code size} slots; slot {@code i} first submits after {@code i * rampNanos / size}.
     *
     * @param submission how slot {@code i} submits its {@code n}-th application: {@code submission.apply(i)}
     */
    public Population(int size, IntFunction<Submission> submission, ScheduledExecutorService timer, long tickNanos,
                      long rampNanos, HarnessMetrics metrics) {
        for (int i = 0; i < size; i++) {
            Slot slot = new Slot(submission.apply(i), metrics, tickNanos);
            slots.add(slot);
            long delay = size == 0 ? 0 : rampNanos * i / size;
            slot.due = System.nanoTime() + delay;
            timer.scheduleAtFixedRate(slot::tick, delay, tickNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** The applications alive now, in slot order (a slot still submitting has none). */
    public List<SimulatedAm> live() {
        List<SimulatedAm> live = new ArrayList<>();
        for (Slot slot : slots) {
            SimulatedAm am = slot.current;
            if (am != null) {
                live.add(am);
            }
        }
        return live;
    }

    /** Applications submitted over the run, replacements included. */
    public int submitted() {
        return slots.stream().mapToInt(slot -> slot.submitted).sum();
    }

    private static final class Slot {
        private final Submission submission;
        private final HarnessMetrics metrics;
        private final long tickNanos;
        private volatile SimulatedAm current;
        private volatile int submitted;
        private long due;

        Slot(Submission submission, HarnessMetrics metrics, long tickNanos) {
            this.submission = submission;
            this.metrics = metrics;
            this.tickNanos = tickNanos;
        }

        void tick() {
            long now = System.nanoTime();
            metrics.fired(due, now);
            due += tickNanos;
            SimulatedAm am = current;
            if (am != null && am.done()) {
                am = null;
            }
            if (am == null) {
                try {
                    current = submission.submit(submitted);
                } catch (Exception | LinkageError e) {
                    current = null;
                    metrics.error("submission", e);
                }
                submitted++;
                return;
            }
            try {
                am.tick(now);
            } catch (RuntimeException | LinkageError e) {
                // A throwing task would never run again: count it, and let the slot start over.
                current = null;
                metrics.error("application tick", e);
            }
        }
    }
}
