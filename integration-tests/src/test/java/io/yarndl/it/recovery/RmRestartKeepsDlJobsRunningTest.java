package io.yarndl.it.recovery;

import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves that deep-learning jobs survive a work-preserving restart of a ResourceManager running
 * the DeepLearningScheduler (optimus) with the ZooKeeper state store: two toy jobs hold their
 * worker containers and write progress to ZooKeeper; the RM is stopped and a new one started on
 * the same addresses. The new RM recovers both applications, still RUNNING in their first
 * attempt (the AMs were not relaunched but re-registered by themselves), with the very containers
 * they held, and sizes them as deep-learning jobs again; both then train on and finish SUCCEEDED
 * without losing or regaining a worker. Beside them a real PyTorch job under the real elastic AM
 * ({@link PyTorchJobThroughOutage}) trains through the restart and SUCCEEDS in its first attempt.
 */
class RmRestartKeepsDlJobsRunningTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(180);

    private static DlMiniCluster cluster;
    private static ToyJobClient client;

    @BeforeAll
    static void startCluster() throws Exception {
        long started = System.nanoTime();
        cluster = DlMiniCluster.start(DlClusterOptions.restartable().withTweaks(TrainingJobs.UNDER_OPTIMUS));
        System.out.printf("restartable cluster started in %d ms%n", (System.nanoTime() - started) / 1_000_000);
        client = ToyJobClient.on(cluster);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            long stopping = System.nanoTime();
            cluster.close();
            System.out.printf("restartable cluster stopped in %d ms%n", (System.nanoTime() - stopping) / 1_000_000);
        }
    }

    @Test
    void runningJobsAndARealPyTorchJobKeepTheirAttemptsAndContainersAcrossAnRmRestartAndFinish() throws Exception {
        try (PyTorchJobThroughOutage pytorch = PyTorchJobThroughOutage.submit(cluster, client, TIMEOUT, 300)) {
            TrainingJobs jobs = TrainingJobs.start(cluster, client, TIMEOUT, "alpha", "beta");
            DeepLearningScheduler before = cluster.activeScheduler();
            SchedulerHandover.awaitModelsCheckpointed(before, jobs.jobs(), TIMEOUT);
            pytorch.awaitTraining();
            long restarting = restartAndCheckTheToyJobs(jobs, before);
            pytorch.assertCarriedOnAndSucceeded(restarting);
        }
    }

    /** Restarts the RM, checks the toy jobs and the scheduler's handover; returns when the restart began. */
    private static long restartAndCheckTheToyJobs(TrainingJobs jobs, DeepLearningScheduler before) throws Exception {
        long restarting = System.currentTimeMillis();
        cluster.restartResourceManager();
        long restarted = System.currentTimeMillis();
        jobs.awaitSameAttemptsAndContainers();
        System.out.printf("RM restart: new RM up with both NodeManagers after %d ms, containers recovered after %d ms%n",
                restarted - restarting, System.currentTimeMillis() - restarting);

        DeepLearningScheduler after = cluster.activeScheduler();
        assertNotSame(before, after, "the RM was not replaced");
        for (TrainingJobs.Job job : jobs.jobs()) {
            assertTrue(after.isDeepLearning(job.id()), job.name() + " is not a deep-learning job to the new RM");
        }
        SchedulerHandover.assertTookOver(before, after, jobs.jobs(), TIMEOUT);
        jobs.awaitSucceededWithTheirFirstContainers(restarted);
        return restarting;
    }
}
