package io.yarndl.it.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.policy.Plan;
import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.Poll;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.state.CheckpointRead;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import io.yarndl.yarn.state.SchedulerStateStore;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.zookeeper.ZooDefs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ZooKeeper goes away for {@value #OUTAGE_SECONDS} s, longer than the scheduler's session
 * timeout, and comes back: scheduling must not notice, and once ZooKeeper is back it must hold
 * exactly the scheduler's state again and the job records must be watched again (on a new session,
 * since the old one expired).
 */
class ZooKeeperOutageTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    private static final int OUTAGE_SECONDS = 30;
    /** Long enough for the jobs to outlive the outage and the checks after it. */
    private static final long STEPS = 1_800;

    private static DlMiniCluster cluster;
    private static ToyJobClient client;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = DlMiniCluster.start(DlClusterOptions.single().withTweaks(TrainingJobs.UNDER_OPTIMUS.andThen(conf ->
                conf.setLong(SchedulerSettings.ZK_SESSION_TIMEOUT_MS, 5_000))));
        client = ToyJobClient.on(cluster);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void schedulingGoesOnWhileZooKeeperIsDownAndAfterwardsZooKeeperHoldsTheSchedulersState() throws Exception {
        TrainingJobs jobs = TrainingJobs.start(cluster, client, TIMEOUT, STEPS, "alpha", "beta");
        DeepLearningScheduler scheduler = cluster.activeScheduler();
        SchedulerHandover.awaitModelsCheckpointed(scheduler, jobs.jobs(), TIMEOUT);
        JobRecordWatcher records = scheduler.zooKeeperState().records().orElseThrow();
        Map<String, Long> stepsBefore = lastSteps(records, jobs);
        long roundsBefore = scheduler.planBook().rounds();
        long failedBefore = scheduler.planBook().failedRounds() + scheduler.planBook().timedOutRounds();

        cluster.zooKeeperServer().stop();
        Thread.sleep(OUTAGE_SECONDS * 1_000L);

        long roundsDuring = scheduler.planBook().rounds() - roundsBefore;
        assertTrue(roundsDuring >= OUTAGE_SECONDS, "only " + roundsDuring + " rounds in " + OUTAGE_SECONDS + " s");
        assertEquals(failedBefore, scheduler.planBook().failedRounds() + scheduler.planBook().timedOutRounds(),
                "rounds failed while ZooKeeper was down");
        Plan during = scheduler.planBook().current();
        for (TrainingJobs.Job job : jobs.jobs()) {
            assertEquals(TrainingJobs.WORKERS, during.target(job.id().toString()).workers(), during.toString());
            assertEquals(YarnApplicationState.RUNNING, client.yarnClient().getApplicationReport(job.id())
                    .getYarnApplicationState());
        }
        assertTrue(scheduler.checkpoints().pending().isPresent(), "no checkpoint waiting for ZooKeeper");

        cluster.zooKeeperServer().restart();
        long back = System.currentTimeMillis();

        Poll.until("a checkpoint written after ZooKeeper came back", TIMEOUT, () -> scheduler.checkpoints().lastWritten()
                .map(written -> written.writtenAtMillis() >= back).orElse(false));
        SchedulerStateStore store = new SchedulerStateStore(cluster.curator(), DlMiniCluster.ZK_ROOT,
                ZooDefs.Ids.OPEN_ACL_UNSAFE, SchedulerSettings.DEFAULT_CHECKPOINT_MAX_BYTES);
        Poll.until("ZooKeeper holding the scheduler's last checkpoint, models and plan", TIMEOUT, () -> {
            SchedulerCheckpoint stored = readQuietly(store);
            return stored != null && stored.equals(scheduler.checkpoints().lastWritten().orElse(null))
                    && stored.policyState().equals(scheduler.policyState().orElse(null))
                    && stored.plan().jobs().equals(scheduler.planBook().current().jobs());
        });
        Poll.until("progress read again on a new session", TIMEOUT, () -> {
            Map<String, Long> now = lastSteps(records, jobs);
            return jobs.jobs().stream().allMatch(job -> now.get(job.name()) > stepsBefore.get(job.name()));
        });
        assertEquals(0, records.rejections().total(), "records rejected around the outage");
        jobs.awaitSucceededWithTheirFirstContainers(back);
    }

    private static Map<String, Long> lastSteps(JobRecordWatcher records, TrainingJobs jobs) {
        Map<String, Long> steps = new HashMap<>();
        for (TrainingJobs.Job job : jobs.jobs()) {
            List<ProgressSample> samples = records.samples(job.id().toString());
            steps.put(job.name(), samples.isEmpty() ? -1 : samples.get(samples.size() - 1).step());
        }
        return steps;
    }

    private static SchedulerCheckpoint readQuietly(SchedulerStateStore store) {
        try {
            return store.read() instanceof CheckpointRead.Found found ? found.checkpoint() : null;
        } catch (Exception notYet) {
            return null;
        }
    }
}
