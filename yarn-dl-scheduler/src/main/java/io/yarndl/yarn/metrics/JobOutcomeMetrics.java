package io.yarndl.yarn.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppState;

/**
 * How the deep-learning jobs this scheduler sized ended, since it started: counters
 * {@value #FINISHED}, {@value #FAILED} and {@value #KILLED}, by the RM's final state of the
 * application (a job whose AM reported failure but exited cleanly is FINISHED, as in the RM's own
 * {@code AppsCompleted}). The jobs still in the system are the gauges of {@link RoundMetrics}.
 */
public final class JobOutcomeMetrics {

    public static final String FINISHED = "jobs.finished";
    public static final String FAILED = "jobs.failed";
    public static final String KILLED = "jobs.killed";

    private final Counter finished;
    private final Counter failed;
    private final Counter killed;

    JobOutcomeMetrics(MetricRegistry registry) {
        finished = registry.counter(FINISHED);
        failed = registry.counter(FAILED);
        killed = registry.counter(KILLED);
    }

    /** A DL job left the scheduler in {@code finalState}; states that are not final are not counted. */
    public void ended(RMAppState finalState) {
        if (finalState == null) {
            return;
        }
        switch (finalState) {
            case FINISHED -> finished.inc();
            case FAILED -> failed.inc();
            case KILLED -> killed.inc();
            default -> { }
        }
    }
}
