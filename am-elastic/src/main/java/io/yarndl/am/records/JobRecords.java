package io.yarndl.am.records;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.contract.access.AppZkCredentials;
import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.contract.cluster.NodeGpuTypesCodec;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.contract.records.JobRecordPaths;
import io.yarndl.contract.records.JobRecordWriter;
import io.yarndl.contract.records.RecordAccessDeniedException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An ApplicationMaster's ZooKeeper records (spec and progress), written so that ZooKeeper trouble never stops
 * the job. When the connection is lost a write blocks for at most about the connection timeout,
 * fails, is logged and dropped; the spec is retried with every progress write until it succeeds,
 * and the next progress sample simply replaces a lost one. Thread-safe; writes are serialised.
 *
 * <p>With the application's ZooKeeper secret (the client put it in the AM's credentials) the
 * client authenticates as the application and writes only below the job node the scheduler
 * created for it ({@link JobRecordWriter}'s authenticated mode); until that node exists, writes
 * are dropped like any other failure. Without a secret it writes as before secrets existed. A
 * write ZooKeeper refuses for lack of permission is counted in {@link #refusedWrites()} and logged
 * at WARN the first time, at DEBUG after; the job goes on, as after any other failed write.
 */
public final class JobRecords implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(JobRecords.class);
    private static final int CONNECTION_TIMEOUT_MS = 3_000;
    private static final int SESSION_TIMEOUT_MS = 15_000;

    private final CuratorFramework client;
    private final JobRecordWriter writer;
    private final JobDescription spec;
    private final String progressPath;
    private final String gpuTypesPath;
    private final AtomicLong refusedWrites = new AtomicLong();
    private boolean specWritten;
    /** The GPU types last read, and the version of the node they were read at (-1: none read). */
    private NodeGpuTypes gpuTypes = NodeGpuTypes.none();
    private int gpuTypesVersion = -1;
    private boolean gpuTypesUnreadable;

    private JobRecords(CuratorFramework client, JobRecordWriter writer, JobDescription spec, JobRecordPaths paths,
                       String applicationId) {
        this.client = client;
        this.writer = writer;
        this.spec = spec;
        this.progressPath = paths == null ? null : paths.progress(applicationId);
        this.gpuTypesPath = paths == null ? null : paths.gpuTypes();
    }

    /** Records under {@code root} on {@code zkAddress}, anonymously; with no address, records nothing (and says so). */
    public static JobRecords connect(String zkAddress, String root, String applicationId, JobDescription spec) {
        return connect(zkAddress, root, applicationId, spec, Optional.empty());
    }

    /**
     * Records under {@code root} on {@code zkAddress}, authenticated as {@code applicationId} when
     * {@code secret} is present; with no address, records nothing (and says so).
     */
    public static JobRecords connect(String zkAddress, String root, String applicationId, JobDescription spec,
                                     Optional<String> secret) {
        return open(zkAddress, root, applicationId, spec,
                secret.map(value -> new AppZkCredentials(applicationId, value)));
    }

    /**
     * Records authenticated with {@code credentials}, which may be another application's than
     * {@code applicationId}: how tests play an AM trying to write a job that is not its own.
     */
    static JobRecords connectWith(String zkAddress, String root, String applicationId, JobDescription spec,
                                  AppZkCredentials credentials) {
        return open(zkAddress, root, applicationId, spec, Optional.of(credentials));
    }

    private static JobRecords open(String zkAddress, String root, String applicationId, JobDescription spec,
                                   Optional<AppZkCredentials> credentials) {
        if (zkAddress == null || zkAddress.isBlank()) {
            LOG.warn("no ZooKeeper address in the environment: this job publishes no records");
            return new JobRecords(null, null, spec, null, applicationId);
        }
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                .connectString(zkAddress)
                .connectionTimeoutMs(CONNECTION_TIMEOUT_MS)
                .sessionTimeoutMs(SESSION_TIMEOUT_MS)
                .retryPolicy(new RetryNTimes(1, 500));
        credentials.ifPresent(own -> builder.authorization(AppZkCredentials.SCHEME, own.authBytes()));
        CuratorFramework client = builder.build();
        client.start();
        JobRecordWriter writer = credentials
                .map(own -> new JobRecordWriter(client, root, applicationId, own))
                .orElseGet(() -> new JobRecordWriter(client, root, applicationId));
        LOG.info("publishing job records under {}{} {}", zkAddress, root, credentials
                .map(own -> "as " + own.applicationId() + ", with its ZooKeeper secret")
                .orElse("anonymously (no ZooKeeper secret in this AM's credentials)"));
        return new JobRecords(client, writer, spec, new JobRecordPaths(root), applicationId);
    }

    public synchronized void writeSpec() {
        if (writer == null || specWritten) {
            return;
        }
        try {
            writer.writeSpec(spec);
            specWritten = true;
        } catch (RecordAccessDeniedException refused) {
            refused(refused);
        } catch (Exception e) {
            LOG.warn("could not write the job spec to ZooKeeper (will retry): {}", e.toString());
        }
    }

    /**
     * Writes a batch of samples, oldest first, as the job's progress record.
     *
     * @return whether it was written (or need not be: no ZooKeeper, or ZooKeeper refuses this AM for
     *         good); false when the write failed and the caller should keep the samples for the next
     */
    public synchronized boolean writeProgress(List<ProgressSample> samples) {
        if (writer == null || samples.isEmpty()) {
            return true;
        }
        writeSpec();
        try {
            writer.writeProgress(samples);
            return true;
        } catch (RecordAccessDeniedException refused) {
            refused(refused);
            return true;
        } catch (Exception e) {
            LOG.warn("could not write progress to ZooKeeper (the {} samples are kept for the next write): {}",
                    samples.size(), e.toString());
            return false;
        }
    }

    /**
     * The progress sample this job last published, as a previous AM attempt left it; empty when
     * there is none, it cannot be read (ZooKeeper unreachable: logged) or cannot be parsed. Everybody
     * may read the records, so no credentials are needed.
     */
    public synchronized Optional<ProgressSample> lastProgress() {
        if (client == null) {
            return Optional.empty();
        }
        try {
            if (client.checkExists().forPath(progressPath) == null) {
                return Optional.empty();
            }
            byte[] data = client.getData().forPath(progressPath);
            return Optional.of(new JobRecordCodec().progressFromJson(new String(data, StandardCharsets.UTF_8)));
        } catch (Exception e) {
            LOG.warn("could not read the job's last progress from {}: {}", progressPath, e.toString());
            return Optional.empty();
        }
    }

    /**
     * The GPU type of each node as the scheduler publishes it ({@code <root>/gpu-types}), read again
     * only when the node changed since the last read (one {@code exists} call otherwise). What was
     * read before when the record cannot be parsed (logged once) or ZooKeeper cannot be reached: while
     * the client is disconnected it returns at once, so the caller's thread never waits out an
     * outage here; none before the scheduler has written it. Everybody may read it, so no
     * credentials are needed.
     */
    public synchronized NodeGpuTypes nodeGpuTypes() {
        if (client == null || !client.getZookeeperClient().isConnected()) {
            return gpuTypes;
        }
        try {
            Stat stat = client.checkExists().forPath(gpuTypesPath);
            if (stat == null || stat.getVersion() == gpuTypesVersion) {
                return gpuTypes;
            }
            byte[] data = client.getData().storingStatIn(stat).forPath(gpuTypesPath);
            gpuTypes = new NodeGpuTypesCodec().fromJson(new String(data, StandardCharsets.UTF_8));
            gpuTypesVersion = stat.getVersion();
            gpuTypesUnreadable = false;
        } catch (Exception e) {
            if (!gpuTypesUnreadable) {
                gpuTypesUnreadable = true;
                LOG.warn("could not read the nodes' GPU types from {} (samples keep the types read before, else go"
                        + " untagged): {}", gpuTypesPath, e.toString());
            }
        }
        return gpuTypes;
    }

    /**
     * Waits up to {@code timeout} for the ZooKeeper connection: {@link #nodeGpuTypes()} never waits,
     * so a caller that must see the scheduler's record (a test) waits here first.
     */
    boolean awaitConnection(Duration timeout) throws InterruptedException {
        return client != null && client.blockUntilConnected((int) timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Writes one sample: a batch of one. */
    public boolean writeProgress(ProgressSample sample) {
        return writeProgress(List.of(sample));
    }

    public synchronized void remove() {
        if (writer == null) {
            return;
        }
        try {
            writer.remove();
        } catch (RecordAccessDeniedException refused) {
            refused(refused);
        } catch (Exception e) {
            LOG.warn("could not remove the job's records from ZooKeeper: {}", e.toString());
        }
    }

    /** How many writes ZooKeeper refused for lack of permission since this AM started. */
    public long refusedWrites() {
        return refusedWrites.get();
    }

    @Override
    public void close() {
        if (refusedWrites.get() > 0) {
            LOG.warn("ZooKeeper refused {} of this job's record writes", refusedWrites.get());
        }
        if (client != null) {
            client.close();
        }
    }

    private void refused(RecordAccessDeniedException refused) {
        if (refusedWrites.incrementAndGet() == 1) {
            LOG.warn("{} (later refusals are logged at DEBUG)", refused.getMessage());
        } else {
            LOG.debug("{}", refused.getMessage());
        }
    }
}
