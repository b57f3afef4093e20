package io.yarndl.contract.records;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.contract.access.AppZkCredentials;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.ACL;

/**
 * Publishes one job's records to ZooKeeper for the scheduler: used by the job's ApplicationMaster.
 * The spec is written once at start, the progress node is overwritten with each new sample, and
 * {@link #remove()} deletes them when the job ends. All nodes are persistent, so they outlive the
 * AM's ZooKeeper session; the scheduler reads them with a {@link JobRecordWatcher}.
 *
 * <p><b>Two modes.</b> Anonymous (no credentials: an older client's AM, a test's own AM) creates
 * the job node and its parents as needed, with the client's default ACL, as before secrets existed.
 * Authenticated (constructed with the application's {@link AppZkCredentials}, whose client must
 * authenticate with them) never creates the job node or its parents: the scheduler does, with an
 * ACL granting this application alone the right to write below it, and until it has, every write
 * throws {@link JobNodeMissingException}. The spec and progress nodes get the job node's own ACL,
 * read once and kept; {@link #remove()} deletes them and leaves the job node to the scheduler. In
 * both modes a write ZooKeeper refuses for lack of permission throws
 * {@link RecordAccessDeniedException}, naming the node and the credentials used.
 *
 * <p>Each write is one ZooKeeper request once its node exists: the first write of a record
 * creates it ({@code create} that finds it there, then {@code setData}: two requests), and later
 * writes replace it with a {@code setData} alone, falling back to creating it when it is gone (a
 * restarted job, a scheduler that removed it). Progress is written every few seconds by every
 * running job, so the second request of create-or-set was half of all the ZooKeeper writes of a
 * busy cluster ({@code docs/scale.md}).
 *
 * <p>Each call is one or two synchronous Curator operations on the caller's thread. When the
 * connection is lost, Curator retries under the client's retry policy and, once that gives up, the
 * call throws Curator's exception unchanged (typically {@code KeeperException.ConnectionLossException});
 * the AM decides whether to retry or go on without publishing. A call that throws may still have
 * been applied, which is harmless: every write replaces the whole record, so repeating it is safe.
 * Thread-safe as far as Curator is; the writes of two threads race and the last one wins.
 */
public final class JobRecordWriter {

    private final CuratorFramework client;
    private final JobRecordPaths paths;
    private final String applicationId;
    private final Optional<AppZkCredentials> credentials;
    private final JobRecordCodec codec = new JobRecordCodec();
    /** Authenticated mode: the job node's ACL, given to its records; null until read. */
    private volatile List<ACL> jobNodeAcl;
    /** Record nodes this writer created or replaced, so known to exist until a write finds them gone. */
    private final Set<String> written = ConcurrentHashMap.newKeySet();

    /**
     * An anonymous writer: creates what it needs, with the client's default ACL.
     *
     * @param root yarn-dl's ZooKeeper root, e.g. {@code /yarn-dl}
     * @throws IllegalArgumentException when {@code root} or {@code applicationId} cannot form the paths
     */
    public JobRecordWriter(CuratorFramework client, String root, String applicationId) {
        this(client, root, applicationId, Optional.empty());
    }

    /**
     * An authenticated writer: {@code client} must have been built with
     * {@code authorization(AppZkCredentials.SCHEME, credentials.authBytes())}. The credentials are
     * normally {@code applicationId}'s own; they name whose they are in refusals.
     *
     * @throws IllegalArgumentException when {@code root} or {@code applicationId} cannot form the paths
     */
    public JobRecordWriter(CuratorFramework client, String root, String applicationId,
                           AppZkCredentials credentials) {
        this(client, root, applicationId, Optional.of(Objects.requireNonNull(credentials, "credentials")));
    }

    private JobRecordWriter(CuratorFramework client, String root, String applicationId,
                            Optional<AppZkCredentials> credentials) {
        this.client = Objects.requireNonNull(client, "client");
        this.paths = new JobRecordPaths(root);
        this.applicationId = applicationId;
        this.credentials = credentials;
        paths.job(applicationId);
    }

    /**
     * Writes {@code <root>/jobs/<applicationId>/spec}, replacing a spec already there.
     *
     * @throws IllegalArgumentException    before any I/O, when the description breaks one of
     *                                     {@link io.yarndl.core.job.JobSpec}'s rules: the scheduler
     *                                     would reject it
     * @throws RecordAccessDeniedException when ZooKeeper refuses this writer's credentials
     * @throws JobNodeMissingException     authenticated, before the scheduler created the job node
     */
    public void writeSpec(JobDescription description) throws Exception {
        description.toSpec(applicationId, "user", "queue");
        write(paths.spec(applicationId), codec.specToJson(description));
    }

    /**
     * Writes {@code <root>/jobs/<applicationId>/progress}, creating it or replacing the previous
     * sample. The scheduler keeps its own history: it sees the node's successive values, and may
     * miss some when samples are written faster than it reads them or while it is disconnected.
     *
     * @throws RecordAccessDeniedException when ZooKeeper refuses this writer's credentials
     * @throws JobNodeMissingException     authenticated, before the scheduler created the job node
     */
    public void writeProgress(ProgressSample sample) throws Exception {
        writeProgress(List.of(sample));
    }

    /**
     * Replaces the progress record with a batch: the samples since the previous write, oldest first.
     * One ZooKeeper write, whatever the batch's size.
     */
    public void writeProgress(List<ProgressSample> samples) throws Exception {
        write(paths.progress(applicationId), codec.progressToJson(samples));
    }

    /**
     * Deletes the job's records; does nothing for those already gone. Anonymous, the job node goes
     * too; authenticated, the job node stays for the scheduler, which owns it and removes it when
     * the application ends (its parent's ACL need not let an application delete).
     */
    public void remove() throws Exception {
        List<String> targets = credentials.isPresent()
                ? List.of(paths.spec(applicationId), paths.progress(applicationId))
                : List.of(paths.job(applicationId));
        written.clear();
        for (String path : targets) {
            try {
                client.delete().quietly().deletingChildrenIfNeeded().forPath(path);
            } catch (KeeperException.NoAuthException refused) {
                throw denied(path, refused);
            }
        }
    }

    private void write(String path, String json) throws Exception {
        byte[] data = json.getBytes(StandardCharsets.UTF_8);
        if (written.contains(path) && replaced(path, data)) {
            return;
        }
        try {
            if (credentials.isEmpty()) {
                client.create().orSetData().creatingParentsIfNeeded().forPath(path, data);
            } else {
                client.create().orSetData().withACL(jobNodeAcl()).forPath(path, data);
            }
            written.add(path);
        } catch (KeeperException.NoAuthException refused) {
            throw denied(path, refused);
        } catch (KeeperException.NoNodeException noJobNode) {
            // Only the authenticated mode gets here (the other creates parents): the job node is
            // gone or not there yet; a new one may carry another ACL, so read it again next time.
            jobNodeAcl = null;
            throw new JobNodeMissingException(paths.job(applicationId));
        }
    }

    /** Replaces a node this writer wrote before; false when it is gone, to be created again. */
    private boolean replaced(String path, byte[] data) throws Exception {
        try {
            client.setData().forPath(path, data);
            return true;
        } catch (KeeperException.NoNodeException gone) {
            written.remove(path);
            return false;
        } catch (KeeperException.NoAuthException refused) {
            throw denied(path, refused);
        }
    }

    private List<ACL> jobNodeAcl() throws Exception {
        List<ACL> acl = jobNodeAcl;
        if (acl == null) {
            String jobNode = paths.job(applicationId);
            try {
                acl = client.getACL().forPath(jobNode);
            } catch (KeeperException.NoNodeException notYet) {
                throw new JobNodeMissingException(jobNode);
            } catch (KeeperException.NoAuthException refused) {
                throw denied(jobNode, refused);
            }
            jobNodeAcl = acl;
        }
        return acl;
    }

    private RecordAccessDeniedException denied(String path, KeeperException.NoAuthException cause) {
        return new RecordAccessDeniedException(path, credentials.map(AppZkCredentials::applicationId), cause);
    }
}
