package io.yarndl.yarn.jobs;

import io.yarndl.core.job.ProgressSample;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;

/**
 * Publishes one job's records to ZooKeeper for the scheduler: used by the job's ApplicationMaster.
 * The spec is written once at start, the progress node is overwritten with each new sample, and
 * {@link #remove()} deletes both when the job ends. All nodes are persistent, so they outlive the
 * AM's ZooKeeper session; the scheduler reads them with a {@link JobRecordWatcher}.
 *
 * <p>Each call is one synchronous Curator operation on the caller's thread. When the connection is
 * lost, Curator retries it under the client's retry policy and, once that gives up, the call
 * throws Curator's exception unchanged (typically {@code KeeperException.ConnectionLossException});
 * the AM decides whether to retry or go on without publishing. A call that throws may still have
 * been applied, which is harmless: every write replaces the whole record, so repeating it is safe.
 * Thread-safe as far as Curator is; the writes of two threads race and the last one wins.
 */
public final class JobRecordWriter {

    private final CuratorFramework client;
    private final JobRecordPaths paths;
    private final String applicationId;
    private final JobRecordCodec codec = new JobRecordCodec();

    /**
     * @param root yarn-dl's ZooKeeper root, e.g. {@code /yarn-dl}
     * @throws IllegalArgumentException when {@code root} or {@code applicationId} cannot form the paths
     */
    public JobRecordWriter(CuratorFramework client, String root, String applicationId) {
        this.client = Objects.requireNonNull(client, "client");
        this.paths = new JobRecordPaths(root);
        this.applicationId = applicationId;
        paths.job(applicationId);
    }

    /**
     * Writes {@code <root>/jobs/<applicationId>/spec}, creating the parent nodes as needed and
     * replacing a spec already there.
     *
     * @throws IllegalArgumentException before any I/O, when the description breaks one of
     *                                  {@link io.yarndl.core.job.JobSpec}'s rules: the scheduler would
     *                                  reject it
     */
    public void writeSpec(JobDescription description) throws Exception {
        description.toSpec(applicationId, "user", "queue");
        write(paths.spec(applicationId), codec.specToJson(description));
    }

    /**
     * Writes {@code <root>/jobs/<applicationId>/progress}, creating it or replacing the previous
     * sample. The scheduler keeps its own history: it sees the node's successive values, and may
     * miss some when samples are written faster than it reads them or while it is disconnected.
     */
    public void writeProgress(ProgressSample sample) throws Exception {
        write(paths.progress(applicationId), codec.progressToJson(sample));
    }

    /** Deletes the job's node and its records; does nothing when they are already gone. */
    public void remove() throws Exception {
        client.delete().quietly().deletingChildrenIfNeeded().forPath(paths.job(applicationId));
    }

    private void write(String path, String json) throws Exception {
        client.create().orSetData().creatingParentsIfNeeded().forPath(path, json.getBytes(StandardCharsets.UTF_8));
    }
}
