package io.yarndl.yarn.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppState;

/**
 * How the deep-learning jobs this scheduler sized ended, since it started: counters
 * {@value #SUCCEEDED}, {@value #FAILED} and {@value #KILLED}. By the final status the AM reported,
 * not by the RM's state alone: an AM that unregisters after its training failed leaves its
 * application FINISHED, and that job failed. When the AM reported nothing (it crashed, or was
 * killed before unregistering), the RM's final state decides. The jobs still in the system are the
 * gauges of {@link RoundMetrics}.
 */
public final class JobOutcomeMetrics {

    public static final String SUCCEEDED = "jobs.succeeded";
    public static final String FAILED = "jobs.failed";
    public static final String KILLED = "jobs.killed";

    private final Counter succeeded;
    private final Counter failed;
    private final Counter killed;

    JobOutcomeMetrics(MetricRegistry registry) {
        succeeded = registry.counter(SUCCEEDED);
        failed = registry.counter(FAILED);
        killed = registry.counter(KILLED);
    }

    /**
     * A DL job left the scheduler in {@code finalState}, its AM having reported {@code reported}
     * (null or UNDEFINED when it reported nothing); a state that is not final is not counted.
     */
    public void ended(RMAppState finalState, FinalApplicationStatus reported) {
        FinalApplicationStatus status = reported == null ? FinalApplicationStatus.UNDEFINED : reported;
        switch (status) {
            case SUCCEEDED, ENDED -> succeeded.inc();
            case FAILED -> failed.inc();
            case KILLED -> killed.inc();
            default -> byState(finalState);
        }
    }

    private void byState(RMAppState finalState) {
        if (finalState == null) {
            return;
        }
        switch (finalState) {
            case FINISHED -> succeeded.inc();
            case FAILED -> failed.inc();
            case KILLED -> killed.inc();
            default -> { }
        }
    }
}
