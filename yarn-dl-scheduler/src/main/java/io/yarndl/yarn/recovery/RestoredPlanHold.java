package io.yarndl.yarn.recovery;

import java.time.Duration;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the plan restored after an RM restart or failover in force until the NodeManagers that
 * held DL containers have re-registered, or {@code yarn.dl.scheduler.recovery.node-wait-ms} has
 * passed. Until a NodeManager re-registers, the new RM knows neither it nor the containers it
 * runs: a round would see an empty cluster and size every job down to 0, and the AMs would give
 * back containers that are still training.
 *
 * <p>{@link #hold} starts the wait (recovery calls it when it put a plan back); each round asks
 * {@link #holds}, which ends it once every awaited node is registered or the limit passed. Logs
 * the start and the end once each. Pure logic: time and the registered nodes are passed in.
 * Thread-safe.
 */
public final class RestoredPlanHold {

    private static final Logger LOG = LoggerFactory.getLogger(RestoredPlanHold.class);

    private final Duration limit;
    private SortedSet<String> awaited = Collections.emptySortedSet();
    private long sinceMillis;
    private boolean holding;

    /** @param limit longest the hold lasts; zero: never holds */
    public RestoredPlanHold(Duration limit) {
        if (limit.isNegative()) {
            throw new IllegalArgumentException("limit must not be negative, got " + limit);
        }
        this.limit = limit;
    }

    /** Holds the restored plan from {@code nowMillis} until {@code nodes} are registered; nothing to wait for when empty. */
    public synchronized void hold(Set<String> nodes, long nowMillis) {
        if (nodes.isEmpty() || limit.isZero()) {
            return;
        }
        awaited = Collections.unmodifiableSortedSet(new TreeSet<>(nodes));
        sinceMillis = nowMillis;
        holding = true;
        LOG.info("the restored plan stays in force until the NodeManagers that held DL containers re-register"
                + " ({}), at most {} ms: until then rounds do not replan", awaited, limit.toMillis());
    }

    /**
     * Whether the round at {@code nowMillis} must leave the restored plan in force. Ends the hold
     * (for good) once {@code registered} holds every awaited node, or the limit has passed.
     *
     * @param registered the names of the nodes registered with the scheduler now
     */
    public synchronized boolean holds(long nowMillis, Set<String> registered) {
        if (!holding) {
            return false;
        }
        SortedSet<String> missing = new TreeSet<>(awaited);
        missing.removeAll(registered);
        long waited = nowMillis - sinceMillis;
        if (missing.isEmpty()) {
            LOG.info("every NodeManager that held DL containers re-registered after {} ms; rounds plan again", waited);
        } else if (waited >= limit.toMillis()) {
            LOG.warn("NodeManagers {} did not re-register within {} ms; rounds plan again without them", missing,
                    limit.toMillis());
        } else {
            return true;
        }
        holding = false;
        return false;
    }

    /** The nodes still awaited while holding; empty once the hold ended, or when none began. */
    public synchronized Optional<SortedSet<String>> awaitedWhileHolding() {
        return holding ? Optional.of(awaited) : Optional.empty();
    }
}
