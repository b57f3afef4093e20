package io.yarndl.yarn.config;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;

/**
 * How long a policy may plan, and what happens to one that keeps overrunning.
 *
 * <p>A round whose policy overran {@code timeout} is abandoned and the policy's thread with it
 * (a thread stuck in a policy cannot be stopped, only left behind). One overrun is survivable; a
 * policy that overruns every round would leave one thread behind per round. So after
 * {@code overrunLimit} overruns in a row the scheduler runs {@code fallback} instead, with a WARN
 * line and the {@code policy.fallbacks} metric, until an admin switches policy
 * ({@code PUT /ws/v1/cluster/dl/policy}) or the RM restarts.
 *
 * @param timeout      longest a policy may take for one plan before the round is abandoned
 * @param overrunLimit overruns in a row after which the fallback policy takes over; 0: never
 * @param fallback     the policy that takes over; it never falls back from itself
 */
public record PolicyGuard(Duration timeout, int overrunLimit, String fallback) {

    public static final String TIMEOUT_MS = SchedulerSettings.PREFIX + "policy-timeout-ms";
    public static final long DEFAULT_TIMEOUT_MS = 10_000;
    public static final long MIN_TIMEOUT_MS = 1;

    public static final String OVERRUN_LIMIT = SchedulerSettings.PREFIX + "policy-overrun-limit";
    public static final int DEFAULT_OVERRUN_LIMIT = 3;

    public static final String OVERRUN_FALLBACK = SchedulerSettings.PREFIX + "policy-overrun-fallback";
    /** FIFO plans in time linear in the jobs and learns nothing: the policy least likely to overrun. */
    public static final String DEFAULT_OVERRUN_FALLBACK = "fifo";

    public PolicyGuard {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(fallback, "fallback");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("policy timeout must be positive, got " + timeout);
        }
        if (overrunLimit < 0) {
            throw new IllegalArgumentException("overrun limit must be >= 0, got " + overrunLimit);
        }
    }

    /** A guard that abandons overrunning rounds and never replaces the policy (tests, benchmarks). */
    public static PolicyGuard timeoutOnly(Duration timeout) {
        return new PolicyGuard(timeout, 0, DEFAULT_OVERRUN_FALLBACK);
    }

    /**
     * Reads the three keys.
     *
     * @param knownPolicies the policies the scheduler can build; the fallback must be one of them
     * @throws InvalidSettingException naming the first key whose value cannot be used
     */
    static PolicyGuard from(Configuration conf, Set<String> knownPolicies) {
        Duration timeout = Duration.ofMillis(SettingValues.readLong(conf, TIMEOUT_MS, DEFAULT_TIMEOUT_MS,
                MIN_TIMEOUT_MS, "milliseconds"));
        int limit = (int) SettingValues.readLong(conf, OVERRUN_LIMIT, DEFAULT_OVERRUN_LIMIT, 0, 1_000,
                "overruns in a row; 0 never falls back");
        String fallback = conf.getTrimmed(OVERRUN_FALLBACK, DEFAULT_OVERRUN_FALLBACK);
        if (!knownPolicies.contains(fallback)) {
            throw new InvalidSettingException(OVERRUN_FALLBACK, fallback, "is not a known policy",
                    "known: " + String.join(", ", new TreeSet<>(knownPolicies)));
        }
        return new PolicyGuard(timeout, limit, fallback);
    }
}
