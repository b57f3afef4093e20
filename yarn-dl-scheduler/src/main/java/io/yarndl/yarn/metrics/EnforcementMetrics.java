package io.yarndl.yarn.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.yarndl.yarn.enforce.ShrinkEnforcer;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;

import java.util.Objects;

/**
 * How the scheduler shrinks jobs, for an operator who wants to know what elasticity costs:
 * <ul>
 *   <li>{@value #PREEMPTIONS} (counter): containers marked for preemption, each a request to the
 *       job's AM to checkpoint and give that container back.</li>
 *   <li>{@value #KILLS} (counter): marked containers still held when the grace period ran out,
 *       and killed. Kills well below preemptions mean AMs release in time.</li>
 * </ul>
 * Counted by wrapping the enforcer's {@link ShrinkEnforcer.Actions} ({@link #counting}), so the
 * count is what was really sent, not what was planned.
 */
public final class EnforcementMetrics {

    public static final String PREEMPTIONS = "preemptions.sent";
    public static final String KILLS = "preemptions.killed-after-grace";

    private final Counter preemptions;
    private final Counter kills;

    EnforcementMetrics(MetricRegistry registry) {
        preemptions = registry.counter(PREEMPTIONS);
        kills = registry.counter(KILLS);
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
            public void kill(ApplicationAttemptId attempt, RMContainer container) {
                actions.kill(attempt, container);
                kills.inc();
            }
        };
    }
}
