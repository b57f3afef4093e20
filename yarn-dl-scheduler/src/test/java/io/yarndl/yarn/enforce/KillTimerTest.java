package io.yarndl.yarn.enforce;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.round.TaskRole;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.junit.jupiter.api.Test;

/**
 * Kills come on time however long a round blocks. The round thread here marks a container and
 * then blocks, as it does for up to a second per round while ZooKeeper is down; before the kills
 * had their own thread they waited for it.
 */
class KillTimerTest {

    private static final ApplicationAttemptId ATTEMPT =
            ApplicationAttemptId.newInstance(ApplicationId.newInstance(1, 1), 1);
    private static final long GRACE_MS = 300;

    @Test
    void killsWhenTheGracePeriodIsOverWhileTheRoundThreadIsBlocked() throws Exception {
        CountDownLatch killed = new CountDownLatch(1);
        ShrinkEnforcer enforcer = new ShrinkEnforcer(Duration.ofMillis(GRACE_MS), new ShrinkEnforcer.Actions() {
            @Override
            public void markForPreemption(ApplicationAttemptId attempt, RMContainer container) {
            }

            @Override
            public void kill(ApplicationAttemptId attempt, RMContainer container, Duration sinceMarked) {
                killed.countDown();
            }
        });
        RMContainer surplus = mock(RMContainer.class);
        when(surplus.getContainerId()).thenReturn(ContainerId.newContainerId(ATTEMPT, 2));
        RMContainer kept = mock(RMContainer.class);
        when(kept.getContainerId()).thenReturn(ContainerId.newContainerId(ATTEMPT, 1));
        CountDownLatch zooKeeperBack = new CountDownLatch(1);
        ExecutorService round = Executors.newSingleThreadExecutor();
        long marked = System.currentTimeMillis();
        try (KillTimer timer = new KillTimer(enforcer, Duration.ofMillis(20), System::currentTimeMillis, id -> true)) {
            round.submit(() -> {
                enforcer.enforce(ATTEMPT, new JobPlan("app", 1, 0, Allocation.NONE, "shrink"), List.of(kept, surplus),
                        c -> "n1", c -> TaskRole.WORKER, marked);
                zooKeeperBack.await();
                return null;
            });

            assertTrue(killed.await(GRACE_MS + 2_000, TimeUnit.MILLISECONDS), "no kill while the round was blocked");
            long late = System.currentTimeMillis() - marked - GRACE_MS;
            assertTrue(late < 1_000, "killed " + late + " ms after the grace period");
        } finally {
            zooKeeperBack.countDown();
            round.shutdownNow();
        }
    }
}
