package io.yarndl.yarn.recovery;

import io.yarndl.yarn.access.JobNodes;
import io.yarndl.yarn.access.NodeGpuTypesPublisher;
import io.yarndl.yarn.access.SchedulerZooKeeper;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.state.SchedulerStateStore;
import io.yarndl.yarn.state.StateStoreCounters;
import io.yarndl.yarn.state.StateStoreException;
import io.yarndl.yarn.status.SchedulerStatus;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the scheduler keeps in, and reads from, ZooKeeper: the job records AMs write
 * ({@link JobRecordWatcher}), the job nodes it creates with each job's ACL ({@link JobNodes}), the
 * nodes' GPU types it publishes for AMs ({@link NodeGpuTypesPublisher}), and
 * its own checkpoint ({@link SchedulerStateStore}, written by a {@link CheckpointKeeper}, read back
 * once by {@link SchedulerRecovery}).
 *
 * <p><b>Connection states</b> (Curator's {@code ConnectionStateListener}; ZooKeeper is never
 * needed for a round to run):
 * <ul>
 *   <li>Not yet reached at start: rounds plan from the descriptions jobs declared at submission,
 *       without samples; each round tries again for a second. On the first connection the old
 *       checkpoint is read and restored, then the job records are watched, then checkpoints are
 *       written: never before the read, which a fresh checkpoint would otherwise overwrite.</li>
 *   <li>{@code SUSPENDED} (connection lost, session may live): rounds go on with the last known
 *       samples and enforce their plans as usual. The newest checkpoint waits in memory (only the
 *       newest matters); job-node creations wait in {@link JobNodes#pending()}.</li>
 *   <li>{@code LOST} (session expired): the same; the watcher's {@code CuratorCache} re-registers
 *       its watches on the next session and re-reads every job record, so nothing needs
 *       re-registering here.</li>
 *   <li>{@code RECONNECTED}: the pending checkpoint is written at once and pending job nodes are
 *       created ({@link JobNodes} listens for that itself). The state in ZooKeeper then equals the
 *       scheduler's. Progress written by AMs during the outage is seen as each node's current
 *       value: intermediate samples are missed, the history stays ordered.</li>
 * </ul>
 */
public final class ZooKeeperState implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperState.class);
    private static final Duration FINAL_WRITE_TIMEOUT = Duration.ofSeconds(10);

    private final SchedulerSettings settings;
    private final CuratorFramework client;
    private final JobNodes jobNodes;
    private final NodeGpuTypesPublisher gpuTypes;
    private final SchedulerStateStore store;
    private final SchedulerRecovery recovery;
    private final CheckpointKeeper keeper;
    private final CheckpointTaker taker;
    private volatile JobRecordWatcher records;
    private volatile JobRecordWatcher unstarted;
    private volatile RecoveryReport recoveryReport;

    /**
     * @param alive        whether an application id is a live application of the RM: only those are checkpointed
     * @param modelVersion the serving DL2 model's version, or null when none serves: checkpointed,
     *                     and compared with the restored checkpoint's
     */
    public ZooKeeperState(SchedulerSettings settings, PlanBook planBook, PolicyRunner policy, SchedulerStatus status,
                          RestoredPlanHold hold, Predicate<String> alive, Supplier<String> modelVersion) {
        this.settings = settings;
        this.client = SchedulerZooKeeper.client(settings);
        this.jobNodes = JobNodes.from(client, settings);
        this.gpuTypes = new NodeGpuTypesPublisher(client, settings.zkRoot(), settings.zkAcl());
        this.store = new SchedulerStateStore(client, settings.zkRoot(), settings.zkAcl(),
                settings.checkpointMaxBytes());
        this.recovery = new SchedulerRecovery(store, planBook, policy, status, hold, modelVersion);
        this.keeper = new CheckpointKeeper(store::write, settings.checkpointInterval());
        this.taker = new CheckpointTaker(planBook, policy, status, hold, () -> records, alive, modelVersion);
    }

    public void start() {
        client.getConnectionStateListenable().addListener((c, state) -> connectionChanged(state));
        client.start();
        jobNodes.start();
    }

    /**
     * The job-record watcher, after ZooKeeper was first reached and the checkpoint restored; empty
     * until then. Called at the start of each round: tries to connect for up to a second.
     */
    public Optional<JobRecordWatcher> connect() {
        if (records == null) {
            try {
                if (!client.blockUntilConnected(1, TimeUnit.SECONDS)) {
                    LOG.warn("ZooKeeper at {} not reachable yet; planning without job records", settings.zkAddress());
                    return Optional.empty();
                }
                jobNodes.ensureJobsRoot();
                if (unstarted == null) {
                    unstarted = new JobRecordWatcher(client, settings.zkRoot(), settings.maxSamplesPerJob());
                }
                recoveryReport = recovery.recover(unstarted, System.currentTimeMillis());
                unstarted.start();
                records = unstarted;
                keeper.allowWrites();
                LOG.info("watching job records under {}{}/jobs", settings.zkAddress(), settings.zkRoot());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            } catch (StateStoreException unreachable) {
                LOG.warn("cannot read the scheduler checkpoint yet ({}); trying again next round",
                        unreachable.getMessage());
            } catch (Exception failed) {
                LOG.warn("cannot watch job records in ZooKeeper at {} yet: {}", settings.zkAddress(), failed.toString());
            }
        }
        jobNodes.retryPending();
        return Optional.ofNullable(records);
    }

    /** After a round: takes and writes a checkpoint when the interval has passed. */
    public void afterRound(long nowMillis) {
        keeper.offer(nowMillis, () -> taker.take(nowMillis));
    }

    public JobNodes jobNodes() {
        return jobNodes;
    }

    /** Publishes the nodes' GPU types for AMs, {@code <root>/gpu-types}. */
    public NodeGpuTypesPublisher gpuTypes() {
        return gpuTypes;
    }

    public Optional<JobRecordWatcher> records() {
        return Optional.ofNullable(records);
    }

    /** How taking over from the previous scheduler went; empty until ZooKeeper was first reached. */
    public Optional<RecoveryReport> recoveryReport() {
        return Optional.ofNullable(recoveryReport);
    }

    public CheckpointKeeper checkpoints() {
        return keeper;
    }

    public StateStoreCounters storeCounters() {
        return store.counters();
    }

    public String checkpointPath() {
        return store.path();
    }

    /** Writes a last checkpoint (when ZooKeeper answers within a few seconds) and disconnects. */
    @Override
    public void close() {
        keeper.closeWriting(taker.take(System.currentTimeMillis()), FINAL_WRITE_TIMEOUT);
        JobRecordWatcher watcher = records;
        if (watcher != null) {
            watcher.close();
        }
        jobNodes.close();
        client.close();
    }

    private void connectionChanged(ConnectionState state) {
        switch (state) {
            case SUSPENDED -> LOG.warn("ZooKeeper connection suspended: scheduling goes on with the last known"
                    + " progress and plan; checkpoint and job-node writes wait for the connection");
            case LOST -> LOG.warn("ZooKeeper session lost: scheduling goes on; the job-record watch is"
                    + " re-registered with the next session");
            case RECONNECTED -> {
                LOG.info("ZooKeeper connection back: writing the pending checkpoint and job nodes");
                keeper.flush();
            }
            default -> LOG.debug("ZooKeeper connection {}", state);
        }
    }
}
