package io.yarndl.yarn.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import io.yarndl.yarn.enforce.ShrinkEnforcer;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * How the scheduler shrinks jobs, for an operator who wants to know what elasticity costs:
 * <ul>
 *   <li>{@value #PREEMPTIONS} (counter): containers marked for preemption, each a request to the
 *       job's AM to checkpoint and give that container back.</li>
 *   <li>{@value #KILLS} (counter): marked containers still held when the grace period ran out,
 *       and killed. Kills well below preemptions mean AMs release in time.</li>
 *   <li>{@value #MARK_TO_KILL} (timer): how long after its mark each killed container was killed,
 *       the grace it really got: the configured grace period plus up to a tick of the kill timer.
 *       Its minimum below the grace period would mean a job lost a container it was promised.</li>
 *   <li>{@value #RESERVATIONS_CANCELLED} (counter): reservations of DL jobs on nodes their plan no
 *       longer puts them on, cancelled so that those nodes take the containers the plan placed there.</li>
 * </ul>
 * Counted by wrapping the enforcer's {@link ShrinkEnforcer.Actions} ({@link #counting}), so the
 * count is what was really sent, not what was planned.
 */
public final class EnforcementMetrics {

    public static final String PREEMPTIONS = "preemptions.sent";
    public static final String KILLS = "preemptions.killed-after-grace";
    public static final String MARK_TO_KILL = "preemptions.mark-to-kill";
    public static final String RESERVATIONS_CANCELLED = "reservations.cancelled";

    private final Counter preemptions;
    private final Counter kills;
    private final Timer markToKill;
    private final Counter reservationsCancelled;

    EnforcementMetrics(MetricRegistry registry) {
        preemptions = registry.counter(PREEMPTIONS);
        kills = registry.counter(KILLS);
        markToKill = registry.timer(MARK_TO_KILL);
        reservationsCancelled = registry.counter(RESERVATIONS_CANCELLED);
    }

    /** {@code actions}, counting each preemption and kill it is asked for. */
    public ShrinkEnforcer.Actions counting(ShrinkEnforcer.Actions actions) {
        Objects.requireNonNull(actions, "actions");
        return new ShrinkEnforcer.Actions() {
            @Override
            public void markForPreemption(ApplicationAttemptId attempt, RMContainer container) {
                actions.markForPreemption(attempt, container);
                preemptions.inc();
            }

            @Override
            public void kill(ApplicationAttemptId attempt, RMContainer container, Duration sinceMarked) {
                actions.kill(attempt, container, sinceMarked);
                kills.inc();
                markToKill.update(sinceMarked.toNanos(), TimeUnit.NANOSECONDS);
            }
        };
    }

    /** Counts a stale reservation cancelled. */
    public void reservationCancelled() {
        reservationsCancelled.inc();
    }
}
