package io.yarndl.it.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.cluster.CapturedLog;
import io.yarndl.it.scheduler.DlJobs;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.enforce.ShrinkEnforcer;
import io.yarndl.yarn.recovery.ZooKeeperState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.log4j.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A shrink's kill comes when its grace period ends even while every scheduling round waits a
 * second on a ZooKeeper that is down: kills run on their own timer ({@code KillTimer}), not on the
 * round thread, where they came up to a round late.
 *
 * <p>The scheduler's ZooKeeper is a real server that is never started: a
 * scheduler that has never reached ZooKeeper tries for a second at the start of every round, so
 * rounds come about every 1.1 s (a scheduler that lost an established connection does not wait;
 * {@link ZooKeeperOutageTest} covers that). A job whose AM ignores preemption messages holds all 8
 * GPUs under {@code fifo}, a second job waits; switching the policy to {@code optimus} at run time
 * gives the second its minimum, so the first is shrunk and, since its AM never releases, the
 * scheduler must kill the surplus when the {@value #GRACE_MS} ms grace period ends. The grace
 * period is not a whole number of rounds, so a kill made by the round thread would come about
 * 0.7 s late; the kill timer checks every 200 ms.
 */
class ShrinksOnTimeWhileZooKeeperIsDownTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final long GRACE_MS = 1_500;
    private static final long INTERVAL_MS = 100;
    /** A tick of the kill timer (200 ms) and room for a loaded machine; a round is over 1,000 ms. */
    private static final long MAX_LATENESS_MS = 500;
    private static final long STEPS = 1_000_000;

    private static TestingServer stoppedZooKeeper;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> {
        // Never started: its address is a port nobody listens on, as when the ZooKeeper host is down.
        stoppedZooKeeper = new TestingServer(false);
        return DlMiniCluster.start(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.set(SchedulerSettings.POLICY, "fifo");
            conf.setLong(SchedulerSettings.INTERVAL_MS, INTERVAL_MS);
            conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, GRACE_MS);
            conf.set(SchedulerSettings.ZK_ADDRESS, stoppedZooKeeper.getConnectString());
        });
    });
    private static CapturedLog enforcer;
    private static CapturedLog zooKeeperWaits;
    private static DlMiniCluster cluster;
    private static ToyJobClient client;

    @BeforeAll
    static void watchTheLogsAndOpenAClient() {
        cluster = CLUSTER.get();
        enforcer = CapturedLog.of(ShrinkEnforcer.class);
        zooKeeperWaits = CapturedLog.of(ZooKeeperState.class);
        // The AMs are told the same ZooKeeper: their record writes fail and are dropped, the jobs go on.
        client = new ToyJobClient(cluster.yarnConf(), cluster.confDir(), stoppedZooKeeper.getConnectString(),
                DlMiniCluster.ZK_ROOT);
    }

    @AfterAll
    static void closeClientAndLogs() throws Exception {
        if (client != null) {
            client.close();
        }
        if (enforcer != null) {
            enforcer.close();
        }
        if (zooKeeperWaits != null) {
            zooKeeperWaits.close();
        }
        if (stoppedZooKeeper != null) {
            stoppedZooKeeper.close();
        }
    }

    @Test
    void aShrinkKillsTheUnreleasedContainerWhenItsGraceEndsWhileZooKeeperIsDown() throws Exception {
        Path holderEvents = cluster.workDir().resolve("holder.events");
        Path newcomerEvents = cluster.workDir().resolve("newcomer.events");
        ApplicationId holder = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("holder", 1, 8, 8, STEPS),
                ToyAmOptions.defaults().withEvents(holderEvents).withReleaseOnPreemptMs(-1));
        ToyEventLog.await(holderEvents, TIMEOUT, log -> log.maxHeldWorkers() == 8);
        ApplicationId newcomer = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("newcomer", 1, 2, 1, STEPS),
                ToyAmOptions.defaults().withEvents(newcomerEvents));
        ToyEventLog.await(newcomerEvents, TIMEOUT, log -> log.contains(Event.REGISTERED));

        DeepLearningScheduler scheduler = cluster.activeScheduler();
        // What PUT /ws/v1/cluster/dl/policy calls for an admin (DlRestApiAndPageTest goes through REST).
        scheduler.status().switchPolicy("optimus", getClass().getSimpleName());
        ToyEventLog shrunk = ToyEventLog.await(holderEvents, TIMEOUT, log -> log.contains(Event.COMPLETED));

        ShrinkTimes shrink = ShrinkTimes.of(enforcer);
        long lateness = shrink.maxLatenessMillis(GRACE_MS);
        long roundEvery = roundIntervalMillis(shrink);
        System.out.printf("kills came up to %d ms after the %d ms grace period ended, with a round every %d ms"
                + " while ZooKeeper was down (%s)%n", lateness, GRACE_MS, roundEvery, shrink);
        assertTrue(roundEvery >= 1_000, "rounds every " + roundEvery + " ms: they did not wait on ZooKeeper,"
                + " so this run proves nothing about kills behind a slow round");
        assertTrue(lateness <= MAX_LATENESS_MS, "killed up to " + lateness + " ms after the grace period ended, with a"
                + " round every " + roundEvery + " ms: " + shrink);
        assertTrue(lateness >= -GRACE_MS / 2, "killed before the grace period ended: " + shrink);

        String victim = shrunk.of(Event.COMPLETED).get(0).containerId();
        assertTrue(shrink.killedAt().containsKey(victim), "the holder lost " + victim + ", which was not killed by"
                + " the scheduler: " + shrunk.format());
        assertEquals(ContainerExitStatus.PREEMPTED, shrunk.of(Event.COMPLETED).get(0).exitStatus(), shrunk.format());
        assertTrue(shrunk.first(Event.PREEMPT_REQUESTED, victim).isPresent(),
                "the holder's AM was not told before the kill: " + shrunk.format());
        // Nothing else lost: the newcomer gets the GPU, both jobs run on, and ZooKeeper was never reached.
        ToyEventLog.await(newcomerEvents, TIMEOUT, log -> log.maxHeldWorkers() >= 1);
        for (ApplicationId job : List.of(holder, newcomer)) {
            assertEquals(YarnApplicationState.RUNNING,
                    client.yarnClient().getApplicationReport(job).getYarnApplicationState());
        }
        assertTrue(scheduler.zooKeeperState().records().isEmpty(), "the scheduler reached ZooKeeper");
        assertEquals(0, scheduler.planBook().failedRounds() + scheduler.planBook().timedOutRounds(),
                "rounds failed while ZooKeeper was down");
        for (ApplicationId job : List.of(holder, newcomer)) {
            client.yarnClient().killApplication(job);
        }
    }

    /**
     * The mean time between rounds around the shrink, from the line each round logs when it gave up
     * waiting for ZooKeeper.
     */
    private static long roundIntervalMillis(ShrinkTimes shrink) {
        List<Long> waits = zooKeeperWaits.lines(Level.WARN, "ZooKeeper at ").stream()
                .map(CapturedLog.Line::epochMillis)
                .filter(at -> at >= shrink.firstMark() - 5_000 && at <= shrink.lastKill())
                .toList();
        assertTrue(waits.size() >= 2, "fewer than two rounds waited on ZooKeeper around the shrink: "
                + zooKeeperWaits.lines());
        return (waits.get(waits.size() - 1) - waits.get(0)) / (waits.size() - 1);
    }
}
