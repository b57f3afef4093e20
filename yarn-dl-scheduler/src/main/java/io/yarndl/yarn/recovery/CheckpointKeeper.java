package io.yarndl.yarn.recovery;

import io.yarndl.yarn.state.SchedulerCheckpoint;
import io.yarndl.yarn.state.WriteOutcome;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the scheduler's checkpoint at most every {@code interval}, on its own thread, so that a
 * scheduling round never waits on ZooKeeper.
 *
 * <p><b>Buffering.</b> Only the newest checkpoint matters: a checkpoint that cannot be written
 * (ZooKeeper unreachable, session lost) stays pending until a newer one replaces it or
 * {@link #flush()} succeeds, which the scheduler calls when the connection comes back. Nothing is
 * written before {@link #allowWrites()}: the scheduler first reads the checkpoint an earlier
 * scheduler left, and a fresh one written before that read would overwrite it.
 */
public final class CheckpointKeeper implements AutoCloseable {

    /** What stores a checkpoint; throws when ZooKeeper cannot be reached. */
    @FunctionalInterface
    public interface Writer {
        WriteOutcome write(SchedulerCheckpoint checkpoint) throws Exception;
    }

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointKeeper.class);

    private final Writer writer;
    private final Duration interval;
    private final ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> {
        Thread named = new Thread(runnable, "yarn-dl-checkpoint");
        named.setDaemon(true);
        return named;
    });
    private final AtomicReference<SchedulerCheckpoint> pending = new AtomicReference<>();
    private final AtomicReference<SchedulerCheckpoint> lastWritten = new AtomicReference<>();
    private final AtomicLong failedWrites = new AtomicLong();
    private volatile boolean writesAllowed;
    private volatile boolean failing;
    private long lastOfferMillis = Long.MIN_VALUE;

    public CheckpointKeeper(Writer writer, Duration interval) {
        this.writer = writer;
        this.interval = interval;
    }

    /** From now on checkpoints are written: the previous scheduler's one has been read (or there was none). */
    public void allowWrites() {
        writesAllowed = true;
        thread.submit(this::writePending);
    }

    public boolean writesAllowed() {
        return writesAllowed;
    }

    /**
     * Called after each round: when {@code interval} has passed since the last checkpoint taken,
     * takes a new one and writes it in the background. {@code take} runs on the caller's thread.
     */
    public void offer(long nowMillis, Supplier<SchedulerCheckpoint> take) {
        if (lastOfferMillis != Long.MIN_VALUE && nowMillis - lastOfferMillis < interval.toMillis()) {
            return;
        }
        lastOfferMillis = nowMillis;
        pending.set(take.get());
        thread.submit(this::writePending);
    }

    /** Writes the pending checkpoint now, in the background (after a reconnect). */
    public void flush() {
        thread.submit(this::writePending);
    }

    /** The checkpoint not yet written, if any. */
    public Optional<SchedulerCheckpoint> pending() {
        return Optional.ofNullable(pending.get());
    }

    /** The last checkpoint written successfully by this scheduler. */
    public Optional<SchedulerCheckpoint> lastWritten() {
        return Optional.ofNullable(lastWritten.get());
    }

    /** Waits until every write asked for so far has been tried (for tests and orderly stops). */
    public void awaitIdle(Duration timeout) throws Exception {
        thread.submit(() -> { }).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public long failedWrites() {
        return failedWrites.get();
    }

    /**
     * Writes {@code last} (the scheduler's state as it stops) and stops, waiting at most
     * {@code timeout}. When writes are not allowed yet nothing is written.
     */
    public void closeWriting(SchedulerCheckpoint last, Duration timeout) {
        if (writesAllowed && last != null) {
            pending.set(last);
            Future<?> done = thread.submit(this::writePending);
            try {
                done.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception notWritten) {
                LOG.warn("the final checkpoint was not written within {} ms: {}", timeout.toMillis(),
                        notWritten.toString());
            }
        }
        close();
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }

    private void writePending() {
        SchedulerCheckpoint checkpoint = pending.get();
        if (!writesAllowed || checkpoint == null) {
            return;
        }
        try {
            WriteOutcome outcome = writer.write(checkpoint);
            if (outcome == WriteOutcome.CONFLICT) {
                // The store has taken the other writer's version: the next offer or flush goes ahead.
                return;
            }
            pending.compareAndSet(checkpoint, null);
            if (outcome == WriteOutcome.TOO_LARGE) {
                return; // logged by the store; the previous checkpoint stays, the next one may fit
            }
            lastWritten.set(checkpoint);
            if (failing) {
                failing = false;
                LOG.info("scheduler checkpoint written again after {} failed attempts", failedWrites.get());
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        } catch (Exception failed) {
            failedWrites.incrementAndGet();
            if (!failing) {
                failing = true;
                LOG.warn("could not write the scheduler checkpoint ({}); keeping the newest one to write when"
                        + " ZooKeeper is back, scheduling goes on", failed.toString());
            } else {
                LOG.debug("checkpoint write failed again: {}", failed.toString());
            }
        }
    }
}
