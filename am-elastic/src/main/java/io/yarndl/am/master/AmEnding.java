package io.yarndl.am.master;

import io.yarndl.am.records.JobRecords;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How an attempt of the {@link ElasticAppMaster} ends once its job has ended (or it must stop): the
 * order matters, since the ResourceManager, the scheduler's records in ZooKeeper and whoever reads
 * the job's event log each see a different part of it. Agents get time to leave on their own, every
 * container goes back to the RM before the AM unregisters, the scheduler's progress history is
 * flushed before the job's records are removed, and the event log is on disk before the RM reports
 * the application finished.
 */
final class AmEnding {

    private static final Logger LOG = LoggerFactory.getLogger(AmEnding.class);
    private static final long AGENTS_EXIT_TIMEOUT_MS = 15_000;

    private final ElasticJob job;
    private final AMRMClientAsync<ContainerRequest> rm;
    private final long heartbeatMs;
    private final Path eventLog;
    private boolean eventLogWritten;

    AmEnding(ElasticJob job, AMRMClientAsync<ContainerRequest> rm, long heartbeatMs, Path eventLog) {
        this.job = job;
        this.rm = rm;
        this.heartbeatMs = heartbeatMs;
        this.eventLog = eventLog;
    }

    /**
     * Ends the attempt: with {@code fatal} set (lost RM, shutdown request) it only logs and fails, as
     * the RM is gone or no longer listening; otherwise it releases, flushes, removes the job's records,
     * unregisters with the job's outcome and removes the client's staging directory.
     *
     * @return the AM's exit status: 0 when the job succeeded, 1 otherwise
     */
    int finish(String fatal, JobRecords records, ProgressPublisher publisher, String stagingToRemove,
               Configuration conf) throws InterruptedException {
        JobOutcome outcome = job.outcome();
        if (fatal != null) {
            LOG.error("stopping: {}", fatal);
            return 1;
        }
        if (outcome.state() == JobOutcome.State.SUCCEEDED) {
            // Agents see EXIT on their next poll and leave; wait for them rather than kill mid-write.
            long deadline = System.currentTimeMillis() + AGENTS_EXIT_TIMEOUT_MS;
            while (!job.heldContainers().isEmpty() && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
            }
        }
        job.heldContainers().forEach(id -> rm.releaseAssignedContainer(ContainerId.fromString(id)));
        job.takeReleases().forEach(id -> rm.releaseAssignedContainer(ContainerId.fromString(id)));
        // Releases travel with the next heartbeat: let two go out before unregistering, or a container
        // on another node may keep its GPUs after the application ended.
        Thread.sleep(2L * heartbeatMs);
        // Every sample since the last write, before the records go: the scheduler's history ends complete.
        publisher.flush();
        records.remove();
        // Before unregistering: once the RM says FINISHED, whoever reads the log may find it.
        writeEventLog();
        boolean succeeded = outcome.state() == JobOutcome.State.SUCCEEDED;
        try {
            rm.unregisterApplicationMaster(succeeded ? FinalApplicationStatus.SUCCEEDED : FinalApplicationStatus.FAILED,
                    outcome.diagnostics(), null);
        } catch (Exception e) {
            LOG.error("could not unregister", e);
            return 1;
        }
        StagingCleanup.remove(stagingToRemove, conf);
        LOG.info("job {}: {}", succeeded ? "succeeded" : "failed", outcome.diagnostics());
        return succeeded ? 0 : 1;
    }

    /** The job's events as JSON lines beside the AM's logs, for post-mortems; once. */
    synchronized void writeEventLog() {
        if (!eventLogWritten) {
            eventLogWritten = true;
            JobEventLog.write(eventLog, job.events());
        }
    }
}
