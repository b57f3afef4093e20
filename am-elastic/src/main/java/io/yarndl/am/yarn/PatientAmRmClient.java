package io.yarndl.am.yarn;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.yarn.api.ApplicationMasterProtocol;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.impl.AMRMClientImpl;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's ResourceManager client, patient through an RM failover or restart: a
 * heartbeat ({@link #allocate}) that fails with an error that may heal ({@link RmFailures}) is sent
 * again, after 100 ms, then twice as long each time up to 2 s, until the RM answers or the
 * {@link RmRetryWindow} since the first failure has passed. Only then, or at once for an error that
 * cannot heal, does the failure reach the caller, and through {@code AMRMClientAsync} the AM's
 * {@code onError}, which ends the AM. This is MapReduce's rule ({@code RMContainerAllocator}: retry
 * within {@code yarn.app.mapreduce.am.scheduler.connection.wait.interval-ms}), kept inside the
 * client so every AM that heartbeats through it gets it.
 *
 * <p>Nothing the AM asked for is lost on the way: {@link AMRMClientImpl} puts a failed call's asks,
 * releases and blacklist changes back for the next call, and on
 * {@code ApplicationMasterNotRegisteredException} (a restarted RM recovering its applications) it
 * registers again and re-sends all outstanding asks. That is why a failed call is retried on this
 * same client, never on a new one.
 *
 * <p>Threads: {@code allocate} runs on the heartbeat thread and holds no lock while it waits, so
 * the AM keeps adding asks and releases meanwhile; they go with the next try. Interrupting that
 * thread, as {@code AMRMClientAsync.stop()} does, ends the wait at once with an
 * {@link InterruptedIOException}, the interrupt flag kept; a call that fails while the thread is
 * interrupted is not retried.
 */
public final class PatientAmRmClient extends AMRMClientImpl<ContainerRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(PatientAmRmClient.class);
    static final long FIRST_BACKOFF_MS = 100;
    static final long MAX_BACKOFF_MS = 2_000;

    private final long windowMs;
    private final AtomicLong retries = new AtomicLong();

    public PatientAmRmClient(RmRetryWindow window) {
        this.windowMs = window.length().toMillis();
    }

    /** A client over the given protocol instead of an RM proxy (the seam for tests). */
    PatientAmRmClient(RmRetryWindow window, ApplicationMasterProtocol rm) {
        this(window);
        this.rmClient = rm;
    }

    /** Heartbeats retried so far, over the client's life. */
    public long retries() {
        return retries.get();
    }

    @Override
    public AllocateResponse allocate(float progressIndicator) throws YarnException, IOException {
        long firstFailure = 0;
        long backoffMs = FIRST_BACKOFF_MS;
        int failures = 0;
        while (true) {
            try {
                AllocateResponse response = super.allocate(progressIndicator);
                if (failures > 0) {
                    LOG.info("the ResourceManager answered the heartbeat again after {} failed tries over {} ms",
                            failures, elapsedMs(firstFailure));
                }
                return response;
            } catch (YarnException | IOException | RuntimeException e) {
                if (!RmFailures.mayHeal(e) || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                if (failures++ == 0) {
                    firstFailure = System.nanoTime();
                }
                long leftMs = windowMs - elapsedMs(firstFailure);
                if (leftMs <= 0) {
                    throw new IOException("the ResourceManager failed every heartbeat for " + elapsedMs(firstFailure)
                            + " ms (" + failures + " tries; " + RmRetryWindow.KEY + " = " + windowMs
                            + "), the last with: " + e, e);
                }
                long waitMs = Math.min(backoffMs, leftMs);
                retries.incrementAndGet();
                LOG.warn("heartbeat to the ResourceManager failed ({}); trying again in {} ms, {} ms left of {} ms",
                        e.toString(), waitMs, leftMs, windowMs);
                pause(waitMs, e);
                backoffMs = Math.min(2 * backoffMs, MAX_BACKOFF_MS);
            }
        }
    }

    private static void pause(long ms, Exception lastFailure) throws InterruptedIOException {
        try {
            TimeUnit.MILLISECONDS.sleep(ms);
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
            InterruptedIOException stopped = new InterruptedIOException(
                    "stopped while waiting to retry a failed heartbeat to the ResourceManager");
            stopped.initCause(lastFailure);
            throw stopped;
        }
    }

    private static long elapsedMs(long sinceNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
    }
}
