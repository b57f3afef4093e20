package io.yarndl.it.recovery;

import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.toyam.ToyJobClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves, deterministically, what {@link RmFailoverTest} and {@link RmRestartKeepsDlJobsRunningTest}
 * hit only when an outage catches a heartbeat in flight: the ResourceManager fails every heartbeat
 * for {@value #FAULT_SECONDS} s with the error an RM that stops its services gives
 * ({@link FailingHeartbeats}: a {@code YarnRuntimeException} wrapping an {@code InterruptedException},
 * which the AMs' RM proxy does not retry). A toy job and a real PyTorch job under the real elastic
 * AM ({@link PyTorchJobThroughOutage}) both have several heartbeats failed, retry them
 * ({@code PatientAmRmClient}), keep their first attempt and their containers, train on and
 * SUCCEED. An AM that gave up at the first failed heartbeat (as both did before, and as
 * {@code yarn.dl.am.rm-retry-window-ms=0} makes them) ends its attempt instead.
 */
class RmFailingHeartbeatsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    private static final int FAULT_SECONDS = 5;
    /** Tries the AMs' backoff (0.1, 0.2, 0.4, ... 2 s) makes in the fault: at least this many fail. */
    private static final int AT_LEAST_FAILED = 3;

    @Test
    void aToyJobAndARealPyTorchJobKeepTheirAttemptsWhileTheRmFailsTheirHeartbeatsAndSucceed() throws Exception {
        try (DlMiniCluster cluster = DlMiniCluster.start(TrainingJobs.UNDER_OPTIMUS.andThen(FailingHeartbeats.INSTALL));
             ToyJobClient client = ToyJobClient.on(cluster);
             PyTorchJobThroughOutage pytorch = PyTorchJobThroughOutage.submit(cluster, client, TIMEOUT, 300)) {
            pytorch.awaitTraining();
            TrainingJobs jobs = TrainingJobs.start(cluster, client, TIMEOUT, 600, "alpha");

            long faultStarted = System.currentTimeMillis();
            FailingHeartbeats.failFor(Duration.ofSeconds(FAULT_SECONDS));
            Thread.sleep(FAULT_SECONDS * 1_000L);
            int toyFailed = FailingHeartbeats.failedHeartbeats(jobs.jobs().get(0).id());
            int pytorchFailed = FailingHeartbeats.failedHeartbeats(pytorch.id());
            System.out.printf("heartbeats failed in %d s: toy AM %d, elastic AM %d%n", FAULT_SECONDS, toyFailed,
                    pytorchFailed);
            assertTrue(toyFailed >= AT_LEAST_FAILED, "the toy AM had only " + toyFailed + " heartbeats failed");
            assertTrue(pytorchFailed >= AT_LEAST_FAILED, "the elastic AM had only " + pytorchFailed
                    + " heartbeats failed");

            jobs.awaitSameAttemptsAndContainers();
            jobs.awaitSucceededWithTheirFirstContainers(faultStarted);
            pytorch.assertCarriedOnAndSucceeded(faultStarted);
        }
    }
}
