package io.yarndl.am.master;

import org.slf4j.Logger;

/**
 * The AM's periodic tasks, each run so that a failure is logged and the next run still happens:
 * an exception thrown out of a task given to a {@code ScheduledExecutorService} cancels every
 * later run of it, silently.
 */
final class TimerTasks {

    private TimerTasks() {
    }

    /** {@code task}, whose failures are logged as a warning starting with {@code what}. */
    static Runnable warnOnFailure(Logger log, String what, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                log.warn("{} failed: {}", what, e.toString());
            }
        };
    }
}
