package io.yarndl.it.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.Poll;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.contract.access.AppZkCredentials;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.contract.records.JobRecordWriter;
import io.yarndl.contract.records.RecordAccessDeniedException;
import io.yarndl.yarn.recovery.RecoveryReport;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.state.CheckpointProblem;
import io.yarndl.yarn.state.SchedulerStateStore;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bad state in ZooKeeper, met by a real scheduler in a real RM: a checkpoint damaged in each way
 * the store recognises, read by the RM that restarts over it, and a job's progress forged with
 * another application's credentials. Each is reported (outcome, reason, message naming the node,
 * a counter) and nothing else is lost: the jobs keep their containers and train on, and the
 * scheduler writes a good checkpoint over the bad one.
 */
class BadStateIsReportedAndNothingElseLostTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    private static final String STATE = DlMiniCluster.ZK_ROOT + "/scheduler/state";
    /** About a minute of training: four RM restarts take about ten seconds. */
    private static final long STEPS = 1_000;
    /** Half a minute: the forged write takes a moment. */
    private static final long SHORT_STEPS = 600;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static DlMiniCluster cluster;
    private static ToyJobClient client;

    /** Ways to damage the checkpoint, and what the store must call each. */
    private enum Damage {
        GARBAGE_MANIFEST(CheckpointProblem.MALFORMED),
        TRUNCATED_CHUNK(CheckpointProblem.TRUNCATED),
        OVERSIZED(CheckpointProblem.OVERSIZED),
        NEWER_FORMAT(CheckpointProblem.UNSUPPORTED_FORMAT);

        final CheckpointProblem problem;

        Damage(CheckpointProblem problem) {
            this.problem = problem;
        }

        void apply(CuratorFramework zk) throws Exception {
            switch (this) {
                case GARBAGE_MANIFEST -> zk.setData().forPath(STATE, "}{ not a manifest".getBytes());
                case TRUNCATED_CHUNK -> {
                    String chunk = STATE + "/" + zk.getChildren().forPath(STATE).stream().sorted().findFirst()
                            .orElseThrow();
                    byte[] data = zk.getData().forPath(chunk);
                    zk.setData().forPath(chunk, Arrays.copyOf(data, data.length / 2));
                }
                case OVERSIZED -> editManifest(zk, manifest -> {
                    // Consistent otherwise: enough chunks for the bytes it promises, one byte past the maximum.
                    long bytes = SchedulerSettings.DEFAULT_CHECKPOINT_MAX_BYTES + 1;
                    manifest.put("bytes", bytes);
                    manifest.put("chunks", (bytes + SchedulerStateStore.CHUNK_BYTES - 1) / SchedulerStateStore.CHUNK_BYTES);
                });
                case NEWER_FORMAT -> editManifest(zk, manifest -> manifest.put("format",
                        io.yarndl.yarn.state.SchedulerCheckpoint.CURRENT_FORMAT + 1));
                default -> throw new IllegalStateException(name());
            }
        }

        private static void editManifest(CuratorFramework zk, java.util.function.Consumer<ObjectNode> edit)
                throws Exception {
            ObjectNode manifest = (ObjectNode) JSON.readTree(zk.getData().forPath(STATE));
            edit.accept(manifest);
            zk.setData().forPath(STATE, JSON.writeValueAsBytes(manifest));
        }
    }

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = DlMiniCluster.start(DlClusterOptions.restartable().withTweaks(TrainingJobs.UNDER_OPTIMUS));
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
    void eachDamagedCheckpointIsReportedAndTheRestartedSchedulerCarriesTheJobOnAndRewritesIt() throws Exception {
        TrainingJobs jobs = TrainingJobs.start(cluster, client, TIMEOUT, STEPS, "gamma");
        for (Damage damage : Damage.values()) {
            DeepLearningScheduler before = cluster.activeScheduler();
            Poll.until("a checkpoint to damage", TIMEOUT, () -> before.checkpoints().lastWritten().isPresent());

            cluster.restartResourceManager(() -> {
                try {
                    damage.apply(cluster.curator());
                } catch (Exception e) {
                    throw new IllegalStateException("could not damage the checkpoint: " + damage, e);
                }
            });

            DeepLearningScheduler after = cluster.activeScheduler();
            Poll.until("recovery", TIMEOUT, () -> after.recoveryReport().isPresent());
            RecoveryReport report = after.recoveryReport().orElseThrow();
            assertEquals(RecoveryReport.Outcome.REJECTED, report.outcome(), damage + ": " + report.message());
            assertEquals(damage.problem, report.problem().orElseThrow(), damage + ": " + report.message());
            assertTrue(report.message().contains(STATE), damage + ": " + report.message());
            assertEquals(1, after.zooKeeperState().storeCounters().rejections(damage.problem), damage.name());
            jobs.awaitSameAttemptsAndContainers();
            TrainingJobs.Job job = jobs.jobs().get(0);
            assertTrue(after.isDeepLearning(job.id()), damage.name());
            long restartedAt = report.atMillis();
            Poll.until(damage + ": a good checkpoint written over the bad one", TIMEOUT, () -> after.checkpoints().lastWritten()
                    .map(written -> written.writtenAtMillis() >= restartedAt
                            && written.samples().containsKey(job.id().toString())).orElse(false));
        }
        jobs.awaitSucceededWithTheirFirstContainers(0);
    }

    @Test
    void progressForgedWithAnotherApplicationsCredentialsIsRefusedAndTheSchedulerNeverSeesIt() throws Exception {
        TrainingJobs jobs = TrainingJobs.start(cluster, client, TIMEOUT, SHORT_STEPS, "delta", "epsilon");
        TrainingJobs.Job victim = jobs.jobs().get(0);
        TrainingJobs.Job intruder = jobs.jobs().get(1);
        DeepLearningScheduler scheduler = cluster.activeScheduler();
        JobRecordWatcher records = scheduler.zooKeeperState().records().orElseThrow();
        Poll.until("the victim's progress", TIMEOUT, () -> !records.samples(victim.id().toString()).isEmpty());
        AppZkCredentials intruderCredentials = new AppZkCredentials(intruder.id().toString(),
                client.secretOf(intruder.id()));
        ProgressSample forged = new ProgressSample(System.currentTimeMillis() / 1000.0, 10_000_000, 0.0001, 1e6,
                TrainingJobs.WORKERS, 0);

        RecordAccessDeniedException refused;
        try (CuratorFramework zk = CuratorFrameworkFactory.builder().connectString(cluster.zkConnect())
                .authorization(AppZkCredentials.SCHEME, intruderCredentials.authBytes())
                .retryPolicy(new RetryNTimes(1, 100)).build()) {
            zk.start();
            JobRecordWriter forger = new JobRecordWriter(zk, DlMiniCluster.ZK_ROOT, victim.id().toString(),
                    intruderCredentials);
            refused = assertThrows(RecordAccessDeniedException.class, () -> forger.writeProgress(forged));
        }

        assertTrue(refused.getMessage().contains(victim.id().toString()), refused.getMessage());
        assertTrue(refused.getMessage().contains(intruder.id().toString()), refused.getMessage());
        assertEquals(0, records.rejections().total(), "the scheduler saw something it had to reject");
        List<ProgressSample> seen = records.samples(victim.id().toString());
        assertFalse(seen.stream().anyMatch(sample -> sample.step() == forged.step()), "the forged sample arrived");
        jobs.awaitSucceededWithTheirFirstContainers(0);
    }
}
