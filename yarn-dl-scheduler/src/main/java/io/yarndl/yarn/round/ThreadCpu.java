package io.yarndl.yarn.round;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time of the calling thread, where the JVM measures it (HotSpot on Linux does). A round's
 * wall time includes waiting for a CPU, which on a busy RM host can be most of it; its CPU time
 * says what the round itself costs.
 */
final class ThreadCpu {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean MEASURED = THREADS.isCurrentThreadCpuTimeSupported()
            && THREADS.isThreadCpuTimeEnabled();

    private ThreadCpu() {
    }

    /** The calling thread's CPU time so far in nanoseconds, or -1 where the JVM does not measure it. */
    static long now() {
        return MEASURED ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    /** CPU nanoseconds since {@code start} (a value of {@link #now()} on this thread), or -1 when not measured. */
    static long since(long start) {
        return start < 0 ? -1 : now() - start;
    }
}
