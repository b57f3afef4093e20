package io.yarndl.it.recovery;

import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/** Waiting for a condition the cluster reaches in its own time: polled, never a fixed sleep. */
final class Poll {

    private static final long INTERVAL_MS = 100;

    private Poll() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} after {@code timeout}. */
    static void until(String what, Duration timeout, BooleanSupplier condition) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new TimeoutException("no " + what + " within " + timeout);
            }
            Thread.sleep(INTERVAL_MS);
        }
    }
}
