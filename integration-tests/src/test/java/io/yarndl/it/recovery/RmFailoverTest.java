package io.yarndl.it.recovery;

import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves that deep-learning jobs survive a failover between two ResourceManagers running the
 * DeepLearningScheduler (optimus) over the ZooKeeper state store: two toy jobs hold their worker
 * containers under {@code rm1}; {@code rm1} is made standby and {@code rm2} active, as an operator
 * would. {@code rm2} recovers both applications, still RUNNING in their first attempt (the AMs
 * failed over to it and re-registered by themselves), with the very containers they held, and
 * sizes them as deep-learning jobs; both then train on and finish SUCCEEDED under {@code rm2}
 * without losing or regaining a worker. Beside them a real PyTorch job under the real elastic AM
 * ({@link PyTorchJobThroughOutage}) trains through the failover and SUCCEEDS in its first attempt.
 * The test's own YarnClient fails over too.
 */
class RmFailoverTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(180);

    private static DlMiniCluster cluster;
    private static ToyJobClient client;

    @BeforeAll
    static void startCluster() throws Exception {
        long started = System.nanoTime();
        cluster = DlMiniCluster.start(DlClusterOptions.haPair().withTweaks(TrainingJobs.UNDER_OPTIMUS));
        System.out.printf("HA cluster started in %d ms%n", (System.nanoTime() - started) / 1_000_000);
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
            System.out.printf("HA cluster stopped in %d ms%n", (System.nanoTime() - stopping) / 1_000_000);
        }
    }

    @Test
    void runningJobsAndARealPyTorchJobKeepTheirAttemptsAndContainersWhenTheStandbyTakesOverAndFinishUnderIt()
            throws Exception {
        assertEquals("rm1", cluster.activeResourceManagerId());
        try (PyTorchJobThroughOutage pytorch = PyTorchJobThroughOutage.submit(cluster, client, TIMEOUT, 300)) {
            TrainingJobs jobs = TrainingJobs.start(cluster, client, TIMEOUT, "alpha", "beta");
            DeepLearningScheduler rm1 = cluster.activeScheduler();
            SchedulerHandover.awaitModelsCheckpointed(rm1, jobs.jobs(), TIMEOUT);
            pytorch.awaitTraining();
            long failingOver = failOverAndCheckTheToyJobs(jobs, rm1);
            pytorch.assertCarriedOnAndSucceeded(failingOver);
        }
    }

    /** Fails over to rm2, checks the toy jobs and the scheduler's handover; returns when the failover began. */
    private static long failOverAndCheckTheToyJobs(TrainingJobs jobs, DeepLearningScheduler rm1) throws Exception {
        long failingOver = System.currentTimeMillis();
        cluster.failover();
        long failedOver = System.currentTimeMillis();
        assertEquals("rm2", cluster.activeResourceManagerId());
        jobs.awaitSameAttemptsAndContainers();
        System.out.printf("failover: rm2 active with both NodeManagers after %d ms, containers recovered after %d ms%n",
                failedOver - failingOver, System.currentTimeMillis() - failingOver);

        DeepLearningScheduler rm2 = cluster.activeScheduler();
        assertNotSame(rm1, rm2, "the scheduler answering is still rm1's");
        for (TrainingJobs.Job job : jobs.jobs()) {
            assertTrue(rm2.isDeepLearning(job.id()), job.name() + " is not a deep-learning job to rm2");
        }
        SchedulerHandover.assertTookOver(rm1, rm2, jobs.jobs(), TIMEOUT);
        jobs.awaitSucceededWithTheirFirstContainers(failedOver);
        assertEquals("rm2", cluster.activeResourceManagerId(), "the jobs did not finish under rm2");
        return failingOver;
    }
}
