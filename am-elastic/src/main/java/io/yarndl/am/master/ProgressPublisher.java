package io.yarndl.am.master;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the job's progress to ZooKeeper at a bounded rate without losing samples. The AM calls
 * {@link #tick()} often; the publisher gathers every new sample and writes them as one batch at
 * most once per interval, so ZooKeeper sees at most one write per job per interval however fast
 * the trainer reports, and the scheduler, which takes every sample of a batch, sees them all. Each
 * write also repeats the batch written before it: the scheduler's watcher reads a node's current
 * value, so when two writes come close together (the end's {@link #flush()} right after a periodic
 * write) it may see only the second, which must then still hold the first's samples; the watcher
 * skips the samples it has already taken. A write that fails keeps its samples for the next one.
 *
 * <p>The samples waiting are bounded ({@value #MAX_PENDING}): during a long ZooKeeper outage the
 * oldest are dropped, counted and logged once, rather than the AM's memory growing with the outage.
 */
final class ProgressPublisher {

    static final int MAX_PENDING = 2_000;

    private static final Logger LOG = LoggerFactory.getLogger(ProgressPublisher.class);

    private final Supplier<List<ProgressSample>> source;
    private final Predicate<List<ProgressSample>> write;
    private final long intervalMs;
    private final LongSupplier clockMs;
    private final List<ProgressSample> pending = new ArrayList<>();
    /** The last batch written, repeated in front of the next. */
    private List<ProgressSample> previous = List.of();
    private long lastWriteMs = Long.MIN_VALUE;
    private long writes;
    private long dropped;

    /**
     * @param source     the samples taken since the previous call, oldest first
     * @param write      writes one batch; false when it failed (the samples are kept)
     * @param intervalMs the least time between two writes
     */
    ProgressPublisher(Supplier<List<ProgressSample>> source, Predicate<List<ProgressSample>> write, long intervalMs,
                      LongSupplier clockMs) {
        if (intervalMs <= 0) {
            throw new IllegalArgumentException("the progress interval must be positive, got " + intervalMs + " ms");
        }
        this.source = source;
        this.write = write;
        this.intervalMs = intervalMs;
        this.clockMs = clockMs;
    }

    /** Gathers new samples and writes them when the interval since the last write has passed. */
    synchronized void tick() {
        gather();
        long now = clockMs.getAsLong();
        if (!pending.isEmpty() && (lastWriteMs == Long.MIN_VALUE || now - lastWriteMs >= intervalMs)) {
            // Whether or not it succeeds: a failing ZooKeeper is retried once per interval, not per tick.
            lastWriteMs = now;
            writePending();
        }
    }

    /** Writes every sample not yet written, now. */
    synchronized void flush() {
        gather();
        if (!pending.isEmpty()) {
            lastWriteMs = clockMs.getAsLong();
            writePending();
        }
    }

    /** Batches written so far. */
    synchronized long writes() {
        return writes;
    }

    /** Samples dropped because too many waited. */
    synchronized long dropped() {
        return dropped;
    }

    private void gather() {
        pending.addAll(source.get());
        int excess = pending.size() - MAX_PENDING;
        if (excess > 0) {
            if (dropped == 0) {
                LOG.warn("{} progress samples wait for ZooKeeper; dropping the oldest (further drops are counted, "
                        + "not logged)", pending.size());
            }
            pending.subList(0, excess).clear();
            dropped += excess;
        }
    }

    private void writePending() {
        List<ProgressSample> record = new ArrayList<>(previous.size() + pending.size());
        record.addAll(previous);
        record.addAll(pending);
        if (write.test(List.copyOf(record))) {
            previous = List.copyOf(pending);
            pending.clear();
            writes++;
        }
    }
}
