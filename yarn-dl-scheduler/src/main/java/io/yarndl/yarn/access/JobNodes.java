package io.yarndl.yarn.access;

import io.yarndl.contract.access.JobNodeAcl;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.contract.records.JobRecordPaths;
import java.io.Closeable;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.ACL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler's side of job record access: it creates each admitted job's node,
 * {@code <root>/jobs/<applicationId>}, with that job's {@link JobNodeAcl}, so that the job's AM
 * can then write its records below it, and no other application can. The jobs node itself carries
 * the scheduler's ACL, so with a restrictive {@code yarn.dl.scheduler.zk-acl} no AM can create or
 * replace a job node of its own choosing either.
 *
 * <p><b>Threads.</b> {@link #create} and {@link #remove} never wait on ZooKeeper: they start a
 * background operation and return, so the ResourceManager's event thread can call them.
 * {@link #ensureJobsRoot()} and {@link #retryPending()} are synchronous and belong on the
 * scheduling round's thread (or Curator's connection-state thread, see {@link #start()}). All
 * methods are thread-safe.
 *
 * <p><b>Connection loss.</b> A creation that fails because ZooKeeper is unreachable, or because
 * the jobs node is missing, stays in {@link #pending()} and is tried again by
 * {@link #retryPending()}, which the scheduler calls every round and which {@link #start()} also
 * hooks onto Curator's {@code CONNECTED} and {@code RECONNECTED} events. While ZooKeeper is down
 * {@link #retryPending()} returns at once. A creation refused for any other reason (the scheduler's
 * own credentials lack a right) is logged at ERROR and dropped: retrying cannot help, and the job's
 * AM will report that its node is missing. A node that already exists is left as it is (the same
 * job admitted again after an RM restart); when its ACL is not the one this job should have, that
 * is logged and the job listed in {@link #aclMismatches()}.
 */
public final class JobNodes implements Closeable {

    private static final Logger LOG = LoggerFactory.getLogger(JobNodes.class);

    private final CuratorFramework client;
    private final JobRecordPaths paths;
    private final JobNodeAcl acl;
    /** Creations not yet confirmed, with the ACL each node must get. */
    private final Map<String, List<ACL>> pending = new ConcurrentHashMap<>();
    /** Applications with a creation under way: at most one each, so a callback is never stale. */
    private final Set<String> inFlight = ConcurrentHashMap.newKeySet();
    private final Set<String> warnedWithoutSecret = ConcurrentHashMap.newKeySet();
    private final Set<String> aclMismatches = ConcurrentHashMap.newKeySet();
    private final ConnectionStateListener reconnects = this::connectionChanged;
    private volatile boolean jobsRootReady;

    /**
     * @param client a started or soon started client authenticated as the scheduler
     *               ({@link SchedulerZooKeeper#client})
     * @param root   yarn-dl's ZooKeeper root, e.g. {@code /yarn-dl}
     * @param acl    the ACLs to give the jobs node and each job's node
     */
    public JobNodes(CuratorFramework client, String root, JobNodeAcl acl) {
        this.client = Objects.requireNonNull(client, "client");
        this.paths = new JobRecordPaths(root);
        this.acl = Objects.requireNonNull(acl, "acl");
    }

    /** Job nodes under {@code settings.zkRoot()}, their ACL made from {@code settings.zkAcl()} and {@code zkAuth()}. */
    public static JobNodes from(CuratorFramework client, SchedulerSettings settings) {
        boolean hasCredentials = !settings.zkAuth().isEmpty();
        JobNodeAcl acl = new JobNodeAcl(settings.zkAcl(), hasCredentials);
        if (hasCredentials && !acl.grantsDeleteToAnIdentity()) {
            LOG.warn("{} grants delete to no identity but world ({}), and jobs' nodes keep world only read: with"
                    + " {} set, the scheduler cannot remove finished jobs' records; name the scheduler's identity"
                    + " in the ACL, e.g. digest:<user>:<base64 sha1>:rwcda", SchedulerSettings.ZK_ACL,
                    settings.describeAcl(), SchedulerSettings.ZK_AUTH);
        }
        return new JobNodes(client, settings.zkRoot(), acl);
    }

    /** Retries pending creations whenever the client connects or reconnects. */
    public void start() {
        client.getConnectionStateListenable().addListener(reconnects);
    }

    /** Stops listening to connection changes; operations under way finish in the background. */
    @Override
    public void close() {
        client.getConnectionStateListenable().removeListener(reconnects);
    }

    /**
     * Creates {@code <root>/jobs} (and the root) with the scheduler's ACL when missing. An existing
     * one is kept; when its ACL differs from the scheduler's, that is logged, since nodes created
     * before the ACL was configured keep whatever they had (zkCli's {@code setAcl} changes it).
     *
     * @throws Exception Curator's, when ZooKeeper is unreachable or refuses the scheduler
     */
    public void ensureJobsRoot() throws Exception {
        String jobs = paths.jobs();
        try {
            client.create().creatingParentsIfNeeded().withACL(acl.schedulerAcl(), true).forPath(jobs);
        } catch (KeeperException.NodeExistsException exists) {
            List<ACL> actual = client.getACL().forPath(jobs);
            if (!JobNodeAcl.same(actual, acl.schedulerAcl())) {
                LOG.warn("{} has ACL {}, not the scheduler's {} ({}): applications may be able to create nodes"
                        + " there", jobs, JobNodeAcl.describe(actual), JobNodeAcl.describe(acl.schedulerAcl()),
                        SchedulerSettings.ZK_ACL);
            }
        }
        jobsRootReady = true;
    }

    /**
     * Starts creating {@code applicationId}'s node with its job ACL and returns at once; see the
     * class comment for what happens when that fails. Without a secret the node gets the
     * scheduler's ACL, and a warning names the application once.
     *
     * @throws IllegalArgumentException when {@code applicationId} cannot be a node name
     */
    public void create(String applicationId, Optional<String> secret) {
        paths.job(applicationId);
        if (secret.isEmpty() && warnedWithoutSecret.add(applicationId)) {
            LOG.warn("{} carries no ZooKeeper secret: its records get the scheduler's ACL {}, so they are only as"
                    + " protected as that ACL makes them ({} rejects such applications)", applicationId,
                    JobNodeAcl.describe(acl.schedulerAcl()), SchedulerSettings.APP_SECRET_REQUIRED);
        }
        pending.put(applicationId, acl.forJob(applicationId, secret));
        attempt(applicationId);
    }

    /**
     * Tries every pending creation again, creating the jobs node first when it was found missing.
     * Returns at once while ZooKeeper is unreachable; otherwise blocks at most for the jobs node.
     */
    public void retryPending() {
        if (pending.isEmpty() || !client.getZookeeperClient().isConnected()) {
            return;
        }
        if (!jobsRootReady) {
            try {
                ensureJobsRoot();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception failed) {
                LOG.warn("cannot create {} yet, so {} job node(s) wait: {}", paths.jobs(), pending.size(),
                        failed.toString());
                return;
            }
        }
        for (String applicationId : new HashSet<>(pending.keySet())) {
            attempt(applicationId);
        }
    }

    /**
     * Forgets {@code applicationId} (a creation still pending is cancelled) and deletes its node
     * with its records, in the background; a node already gone is fine, a failure is logged.
     */
    public void remove(String applicationId) {
        pending.remove(applicationId);
        warnedWithoutSecret.remove(applicationId);
        aclMismatches.remove(applicationId);
        deleteInBackground(applicationId);
    }

    /** The applications whose node is not confirmed created yet. */
    public Set<String> pending() {
        return Set.copyOf(pending.keySet());
    }

    /** The applications whose node already existed with an ACL other than their job's. */
    public Set<String> aclMismatches() {
        return Set.copyOf(aclMismatches);
    }

    /** Whether a creation of {@code applicationId}'s node is under way (tests wait for it to end). */
    boolean creating(String applicationId) {
        return inFlight.contains(applicationId);
    }

    private void attempt(String applicationId) {
        List<ACL> jobAcl = pending.get(applicationId);
        if (jobAcl == null || client.getState() == CuratorFrameworkState.LATENT || !inFlight.add(applicationId)) {
            // Not started yet: the RM re-admits recovered applications before the scheduler starts.
            return;
        }
        try {
            client.create().withACL(jobAcl)
                    .inBackground((c, event) -> created(applicationId, jobAcl, event))
                    .forPath(paths.job(applicationId));
        } catch (Exception notStarted) {
            // Curator throws here only when the client is not started or already closed.
            inFlight.remove(applicationId);
            LOG.warn("cannot start creating the ZooKeeper node of {} (will retry): {}", applicationId,
                    notStarted.toString());
        }
    }

    private void created(String applicationId, List<ACL> jobAcl, CuratorEvent event) {
        inFlight.remove(applicationId);
        KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
        switch (code) {
            case OK, NODEEXISTS -> {
                if (pending.remove(applicationId) == null) {
                    // Removed while the creation was under way: do not leave its node behind.
                    deleteInBackground(applicationId);
                } else if (code == KeeperException.Code.NODEEXISTS) {
                    checkExistingAcl(applicationId, jobAcl);
                } else {
                    LOG.debug("created {} with ACL {}", event.getPath(), JobNodeAcl.describe(jobAcl));
                }
            }
            case NONODE -> {
                jobsRootReady = false;
                LOG.info("{} is missing; the node of {} waits for it", paths.jobs(), applicationId);
            }
            case CONNECTIONLOSS, SESSIONEXPIRED, OPERATIONTIMEOUT, SESSIONMOVED ->
                    LOG.info("ZooKeeper unreachable; the node of {} will be created when it is back ({})",
                            applicationId, code);
            default -> {
                pending.remove(applicationId);
                LOG.error("ZooKeeper refused to create {} ({}): the job's ApplicationMaster cannot publish its"
                        + " records; check the scheduler's credentials ({}) against the ACL of {}",
                        paths.job(applicationId), code, SchedulerSettings.ZK_AUTH, paths.jobs());
            }
        }
    }

    private void checkExistingAcl(String applicationId, List<ACL> expected) {
        try {
            client.getACL().inBackground((c, event) -> {
                List<ACL> actual = event.getACLList();
                if (event.getResultCode() == KeeperException.Code.OK.intValue() && actual != null
                        && !JobNodeAcl.same(actual, expected)) {
                    aclMismatches.add(applicationId);
                    LOG.warn("{} already exists with ACL {}, not {}: it was created by someone else or before the"
                            + " ACL settings changed; it is left as it is", event.getPath(),
                            JobNodeAcl.describe(actual), JobNodeAcl.describe(expected));
                }
            }).forPath(paths.job(applicationId));
        } catch (Exception notStarted) {
            LOG.debug("cannot check the ACL of {}'s node: {}", applicationId, notStarted.toString());
        }
    }

    private void deleteInBackground(String applicationId) {
        String path = paths.job(applicationId);
        try {
            client.delete().quietly().deletingChildrenIfNeeded().inBackground((c, event) -> {
                if (event.getResultCode() != KeeperException.Code.OK.intValue()
                        && event.getResultCode() != KeeperException.Code.NONODE.intValue()) {
                    LOG.warn("could not remove {} ({}): a stale node stays until removed by hand", path,
                            KeeperException.Code.get(event.getResultCode()));
                }
            }).forPath(path);
        } catch (Exception notStarted) {
            LOG.warn("could not remove {}: {}", path, notStarted.toString());
        }
    }

    private void connectionChanged(CuratorFramework changed, ConnectionState state) {
        if (state == ConnectionState.CONNECTED || state == ConnectionState.RECONNECTED) {
            retryPending();
        }
    }
}
