package io.yarndl.it.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.elastic.ProgressRecorder;
import io.yarndl.it.elastic.RealPyTorchJob;
import io.yarndl.it.toyam.ToyJobClient;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;

/**
 * The real elastic ApplicationMaster (not the toy) through a ResourceManager outage: a one-worker
 * {@code examples/ddp_cnn.py} job, submitted through the client, trains while the RM restarts or
 * fails over. Its checkpoints go to the default file system (the local one: these clusters run
 * without HDFS). Afterwards it must have finished SUCCEEDED in the attempt it started in (its AM
 * re-registered by itself, it was not relaunched), trained on after the outage, and published
 * steps that never went back.
 */
final class PyTorchJobThroughOutage implements AutoCloseable {

    private final ToyJobClient client;
    private final Duration timeout;
    private final ApplicationId id;
    private final ProgressRecorder progress;
    private ApplicationAttemptId attempt;

    private PyTorchJobThroughOutage(ToyJobClient client, Duration timeout, ApplicationId id,
                                    ProgressRecorder progress) {
        this.client = client;
        this.timeout = timeout;
        this.id = id;
        this.progress = progress;
    }

    /** Submits the job ({@code steps} steps of at least 0.2 s each); returns at once. */
    static PyTorchJobThroughOutage submit(DlMiniCluster cluster, ToyJobClient client, Duration timeout, int steps)
            throws Exception {
        ApplicationId id = RealPyTorchJob.submit(cluster,
                RealPyTorchJob.ddp("pytorch", 1, 1, 1, "--steps", Integer.toString(steps)),
                "--min-step-seconds", "0.2", "--checkpoint-every", "20");
        return new PyTorchJobThroughOutage(client, timeout, id,
                new ProgressRecorder(cluster.curator(), DlMiniCluster.ZK_ROOT, id.toString()));
    }

    ApplicationId id() {
        return id;
    }

    /** Waits until the job has published a few steps, and notes the attempt it runs in. */
    void awaitTraining() throws Exception {
        progress.await(timeout, samples -> samples.size() >= 3, "the PyTorch job to train");
        ApplicationReport report = client.awaitState(id, timeout, YarnApplicationState.RUNNING);
        attempt = report.getCurrentApplicationAttemptId();
    }

    /** After the outage that began at {@code outageMillis}: see the class comment. */
    void assertCarriedOnAndSucceeded(long outageMillis) throws Exception {
        ApplicationReport report = client.awaitState(id, timeout, YarnApplicationState.FINISHED,
                YarnApplicationState.FAILED, YarnApplicationState.KILLED);
        assertEquals(FinalApplicationStatus.SUCCEEDED, report.getFinalApplicationStatus(), report.getDiagnostics());
        assertEquals(attempt, report.getCurrentApplicationAttemptId(), "the PyTorch job's AM was relaunched");
        assertEquals(1, client.yarnClient().getApplicationAttempts(id).size(), "the PyTorch job has more attempts");
        List<ProgressSample> samples = progress.samples();
        assertTrue(samples.stream().anyMatch(s -> s.timeSec() * 1000 > outageMillis),
                "the PyTorch job published no step after the outage: " + samples);
        for (int i = 1; i < samples.size(); i++) {
            assertTrue(samples.get(i).step() > samples.get(i - 1).step(), "the published step went back: "
                    + samples.get(i - 1) + " then " + samples.get(i));
        }
        System.out.println("PYTORCH-THROUGH-OUTAGE " + id + ": " + samples.size() + " samples, last step "
                + samples.get(samples.size() - 1).step() + ", attempt " + attempt.getAttemptId());
    }

    @Override
    public void close() {
        progress.close();
    }
}
