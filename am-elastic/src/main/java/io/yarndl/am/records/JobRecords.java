package io.yarndl.am.records;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.yarn.jobs.JobDescription;
import io.yarndl.yarn.jobs.JobRecordWriter;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An ApplicationMaster's ZooKeeper records (spec and progress), written so that ZooKeeper trouble never stops
 * the job. When the connection is lost a write blocks for at most about the connection timeout,
 * fails, is logged and dropped; the spec is retried with every progress write until it succeeds,
 * and the next progress sample simply replaces a lost one. Thread-safe; writes are serialised.
 */
public final class JobRecords implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(JobRecords.class);
    private static final int CONNECTION_TIMEOUT_MS = 3_000;
    private static final int SESSION_TIMEOUT_MS = 15_000;

    private final CuratorFramework client;
    private final JobRecordWriter writer;
    private final JobDescription spec;
    private boolean specWritten;

    private JobRecords(CuratorFramework client, JobRecordWriter writer, JobDescription spec) {
        this.client = client;
        this.writer = writer;
        this.spec = spec;
    }

    /** Records under {@code root} on {@code zkAddress}; with no address, records nothing (and says so). */
    public static JobRecords connect(String zkAddress, String root, String applicationId, JobDescription spec) {
        if (zkAddress == null || zkAddress.isBlank()) {
            LOG.warn("no ZooKeeper address in the environment: this job publishes no records");
            return new JobRecords(null, null, spec);
        }
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(zkAddress)
                .connectionTimeoutMs(CONNECTION_TIMEOUT_MS)
                .sessionTimeoutMs(SESSION_TIMEOUT_MS)
                .retryPolicy(new RetryNTimes(1, 500))
                .build();
        client.start();
        return new JobRecords(client, new JobRecordWriter(client, root, applicationId), spec);
    }

    public synchronized void writeSpec() {
        if (writer == null || specWritten) {
            return;
        }
        try {
            writer.writeSpec(spec);
            specWritten = true;
        } catch (Exception e) {
            LOG.warn("could not write the job spec to ZooKeeper (will retry): {}", e.toString());
        }
    }

    public synchronized void writeProgress(ProgressSample sample) {
        if (writer == null) {
            return;
        }
        writeSpec();
        try {
            writer.writeProgress(sample);
        } catch (Exception e) {
            LOG.warn("could not write progress to ZooKeeper (dropped): {}", e.toString());
        }
    }

    public synchronized void remove() {
        if (writer == null) {
            return;
        }
        try {
            writer.remove();
        } catch (Exception e) {
            LOG.warn("could not remove the job's records from ZooKeeper: {}", e.toString());
        }
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
    }
}
