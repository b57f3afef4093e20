package io.yarndl.yarn.enforce;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kills the containers whose grace period is over ({@link ShrinkEnforcer#killExpired}) on a thread
 * of its own, every {@code tick}, so a kill comes at most a tick after the grace period ends. The
 * round thread waits on ZooKeeper (a second each round until ZooKeeper is first reached, so for
 * as long as it is down at the RM's start) and on the policy (up to its timeout); a kill on that
 * thread came up to a round late (about 0.7 s with a 1.5 s grace period and rounds every 1.1 s,
 * {@code ShrinksOnTimeWhileZooKeeperIsDownTest}), and a returning queue waited that much longer
 * for its share. A kill only dispatches an event to the RM, so this thread never blocks on
 * anything but the enforcer's lock.
 */
public final class KillTimer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KillTimer.class);

    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread timer = new Thread(runnable, "yarn-dl-kills");
        timer.setDaemon(true);
        return timer;
    });

    /**
     * Starts checking every {@code tick}.
     *
     * @param clock     the time in milliseconds the grace periods count in
     * @param stillHeld whether a container is still allocated in the scheduler
     */
    public KillTimer(ShrinkEnforcer enforcer, Duration tick, LongSupplier clock, Predicate<ContainerId> stillHeld) {
        long millis = tick.toMillis();
        thread.scheduleWithFixedDelay(() -> {
            try {
                enforcer.killExpired(clock.getAsLong(), stillHeld);
            } catch (RuntimeException unexpected) {
                LOG.error("killing preempted containers failed; retrying in {} ms", millis, unexpected);
            }
        }, millis, millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(10, TimeUnit.SECONDS);
    }
}
