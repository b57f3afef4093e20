package io.yarndl.demo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM for the demo. The first asks the demo to stop: it kills its jobs and
 * stops the cluster itself, in order, instead of the JVM running shutdown hooks in no order while
 * training processes keep running. The second exits at once (status 130), for a stop that hangs.
 * A signal within {@link #SAME_PRESS} of the first counts as the same one: {@code timeout -s INT}
 * signals both the process and its process group, so the JVM gets two at once. Handled with
 * {@code sun.misc.Signal} (module jdk.unsupported): the JVM offers no other way to act on a signal
 * without starting its shutdown.
 */
final class StopSignal {

    private static final Duration SAME_PRESS = Duration.ofSeconds(1);

    private final CountDownLatch requested = new CountDownLatch(1);
    private final AtomicLong firstAtNanos = new AtomicLong();
    private final PrintStream out;

    private StopSignal(PrintStream out) {
        this.out = out;
    }

    /** Installs the handlers for INT and TERM; messages go to {@code out}. */
    static StopSignal install(PrintStream out) {
        StopSignal stop = new StopSignal(out);
        for (String name : new String[] {"INT", "TERM"}) {
            Signal.handle(new Signal(name), signal -> stop.received(signal.getName()));
        }
        return stop;
    }

    private void received(String name) {
        long now = System.nanoTime();
        if (firstAtNanos.compareAndSet(0, now)) {
            out.println();
            out.println("SIG" + name + ": stopping the jobs and the cluster (Ctrl-C again to exit at once)...");
            requested.countDown();
        } else if (now - firstAtNanos.get() > SAME_PRESS.toNanos()) {
            out.println("SIG" + name + " again: exiting now");
            // Still this JVM's descendants while the NodeManagers run: end them, or training goes on alone.
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
            Runtime.getRuntime().halt(YarnDlDemo.EXIT_INTERRUPTED);
        }
    }

    /** Whether a stop was asked for. */
    boolean requested() {
        return requested.getCount() == 0;
    }

    /** Waits up to {@code timeout}; returns whether a stop was asked for by then. */
    boolean await(Duration timeout) throws InterruptedException {
        return requested.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
