package io.yarndl.it.support;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waiting for a condition a cluster reaches in its own time: polled, never a fixed sleep. One helper
 * for every integration test, so each says what it waits for and how long, and a timeout fails the
 * same way everywhere: naming what never happened.
 */
public final class Poll {

    /** How often a condition is tried unless a test says otherwise. */
    public static final Duration INTERVAL = Duration.ofMillis(100);

    /** A condition that may read the cluster (RPC, HTTP, ZooKeeper) and so may throw. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    private Poll() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} after {@code timeout}. */
    public static void until(String what, Duration timeout, Condition condition) throws Exception {
        until(what, timeout, INTERVAL, condition, () -> "");
    }

    /** As {@link #until(String, Duration, Condition)}, trying every {@code interval}. */
    public static void until(String what, Duration timeout, Duration interval, Condition condition) throws Exception {
        until(what, timeout, interval, condition, () -> "");
    }

    /**
     * As {@link #until(String, Duration, Duration, Condition)}; on a timeout the failure also carries
     * {@code detail} (e.g. the log lines seen so far), computed only then.
     */
    public static void until(String what, Duration timeout, Duration interval, Condition condition,
                             Supplier<String> detail) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                String more = detail.get();
                throw new AssertionError("timed out after " + timeout + " waiting for " + what
                        + (more.isEmpty() ? "" : "; " + more));
            }
            Thread.sleep(interval.toMillis());
        }
    }
}
