package io.yarndl.scale.run;

import com.codahale.metrics.Histogram;
import com.codahale.metrics.Timer;
import com.codahale.metrics.UniformReservoir;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the simulated NodeManagers and ApplicationMasters measure from their side of the RM: the
 * latency of each {@code nodeHeartbeat()} and {@code allocate()} call, how late their timers fire
 * (the harness's own lag: when it grows, the harness, not the RM, is the limit), and the errors the
 * RM answered with. Only calls made while {@link #measuring()} count, so a warm-up is left out.
 * Reservoirs are uniform samples of 100,000 values, enough for a p99 of any run.
 */
public final class HarnessMetrics {

    private static final int RESERVOIR = 100_000;
    private static final int ERRORS_KEPT = 20;

    private final Timer heartbeats = timer();
    private final Timer allocates = timer();
    private final Histogram lagMs = new Histogram(new UniformReservoir(RESERVOIR));
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong preemptionsAnswered = new AtomicLong();
    private final List<String> firstErrors = new CopyOnWriteArrayList<>();
    private volatile boolean measuring;

    private static Timer timer() {
        return new Timer(new UniformReservoir(RESERVOIR));
    }

    public void startMeasuring() {
        measuring = true;
    }

    public void stopMeasuring() {
        measuring = false;
    }

    public boolean measuring() {
        return measuring;
    }

    public void heartbeat(long nanos) {
        if (measuring) {
            heartbeats.update(nanos, TimeUnit.NANOSECONDS);
        }
    }

    public void allocate(long nanos) {
        if (measuring) {
            allocates.update(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** A timer meant to fire at {@code dueNanos} fired at {@code firedNanos}. */
    public void fired(long dueNanos, long firedNanos) {
        if (measuring) {
            lagMs.update(Math.max(0, TimeUnit.NANOSECONDS.toMillis(firedNanos - dueNanos)));
        }
    }

    public void preemptionAnswered(int containers) {
        preemptionsAnswered.addAndGet(containers);
    }

    /** Counts an error (at any time: errors in the warm-up matter too) and keeps the first few messages. */
    public void error(String what, Throwable cause) {
        errors.incrementAndGet();
        if (firstErrors.size() < ERRORS_KEPT) {
            firstErrors.add(what + ": " + cause);
        }
    }

    public Timer heartbeats() {
        return heartbeats;
    }

    public Timer allocates() {
        return allocates;
    }

    public Histogram lagMs() {
        return lagMs;
    }

    public long errors() {
        return errors.get();
    }

    public long preemptionsAnswered() {
        return preemptionsAnswered.get();
    }

    public List<String> firstErrors() {
        return List.copyOf(firstErrors);
    }
}
