package io.yarndl.yarn;

import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.dl2.Dl2ModelStatus;
import io.yarndl.yarn.dl2.Dl2Serving;
import io.yarndl.yarn.marl.MarlModelSource;
import io.yarndl.yarn.enforce.KillTimer;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.jobs.RecordRejections;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import io.yarndl.yarn.recovery.CheckpointKeeper;
import io.yarndl.yarn.recovery.RecoveryReport;
import io.yarndl.yarn.recovery.ZooKeeperState;
import io.yarndl.yarn.recovery.RestoredPlanHold;
import io.yarndl.yarn.round.GpuTypeReader;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PolicyRunner;
import io.yarndl.yarn.round.SchedulingRound;
import io.yarndl.yarn.round.YarnResources;
import io.yarndl.yarn.status.SchedulerStatus;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.api.records.SchedulingRequest;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainerState;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.Allocation;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ContainerUpdates;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AbstractLeafQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.AppAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.AppAttemptRemovedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.AppRemovedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeRemovedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.SchedulerEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The drop-in ResourceManager scheduler of yarn-dl ({@code yarn.resourcemanager.scheduler.class}).
 * It is Hadoop's CapacityScheduler, queues, ACLs and non-DL applications untouched, plus: every
 * {@code yarn.dl.scheduler.interval-ms} a background round asks the configured policy (the same
 * classes the simulator runs) to size and place the {@code DEEP_LEARNING} applications of the DL
 * queues, and CapacityScheduler's own decisions enforce the plan: a DL attempt's asks are capped
 * and placed in {@code allocate()}, surplus containers are preempted with a grace period.
 *
 * <p>This class translates events and delegates; the round, the ask shaping, the shrinking and
 * the admission check each live in their own class. Settings are read once, at init: a bad value
 * fails the RM's start with a message naming the key.
 *
 * <p>ZooKeeper (job specs and progress, written by AMs; the scheduler's own checkpoint) is
 * optional at run time: while it is unreachable, jobs are planned from what is known (at first,
 * the description they declared at submission), and writes wait for the connection. On start the
 * scheduler takes over the checkpoint an earlier one left (RM restart, failover): see
 * {@link ZooKeeperState}; the plan it restores stays in force until the nodes that ran DL containers
 * have re-registered ({@link RestoredPlanHold}), so no round plans on a cluster that looks empty.
 *
 * <p>With the {@code dl2} policy, the model is the configured file or the one shipped in the jar;
 * a model that cannot serve makes DL2 fall back to {@code optimus}, logged and counted
 * ({@link Dl2ModelStatus}), and a replaced model file is loaded without a restart
 * ({@link Dl2Serving}); the {@code marl} placement's model likewise ({@link MarlModelSource}). Metrics
 * are in the RM's JMX under {@value SchedulerMetrics#JMX_DOMAIN} ({@link SchedulerMetrics}).
 */
public class DeepLearningScheduler extends CapacityScheduler {

    private static final Logger LOG = LoggerFactory.getLogger(DeepLearningScheduler.class);
    private static final long KILL_CHECK_MILLIS = 200;

    private final SchedulerMetrics metrics = new SchedulerMetrics();
    private final PlanBook planBook = new PlanBook();
    private final Map<ApplicationId, DlApplication> dlApplications = new ConcurrentHashMap<>();
    private final RmJobCollector collector = new RmJobCollector(this);
    private final DlAllocateFilter allocateFilter = new DlAllocateFilter(collector::tasksOf, planBook::target,
            this::rackOf);

    private SchedulerSettings settings;
    private GpuTypeReader gpuTypes;
    private RoundGathering gathering;
    private PolicyRunner policyRunner;
    private Dl2Serving dl2;
    private SchedulingRound round;
    private PlanEnforcement enforcement;
    private ScheduledExecutorService loop;
    private KillTimer kills;
    private DlAdmissions admissions;
    private ZooKeeperState zooKeeper;
    private SchedulerStatus status;
    private RestoredPlanHold hold;
    /** Nodes whose registration was handled, their containers recovered (after an RM restart) with it. */
    private final Set<String> registeredNodes = ConcurrentHashMap.newKeySet();

    @Override
    public void serviceInit(Configuration conf) throws Exception {
        settings = SchedulerSettings.from(conf);
        super.serviceInit(conf);
        checkQueuesAreLeaves();
        gpuTypes = new GpuTypeReader(settings.gpuTypes(), new RmNodeAttributes(getRMContext())::byHost);
        gathering = new RoundGathering(collector, new RmQueueRooms(this)::read, gpuTypes);
        if (!YarnResources.gpuTypeDeclared()) {
            LOG.warn("the {} resource type is not declared (yarn.resource-types): DL jobs can ask for no GPUs",
                    YarnResources.GPU);
        }
        dl2 = new Dl2Serving(settings, metrics.dl2(), MarlModelSource.of(settings, metrics.marl()));
        policyRunner = new PolicyRunner(dl2.registry(), settings.policy(), settings.policyGuard());
        dl2.attach(policyRunner);
        round = new SchedulingRound(policyRunner, planBook, metrics.rounds());
        enforcement = new PlanEnforcement(getRMContext(), settings.preemptionGrace(), metrics.enforcement(), planBook,
                collector, this::currentAttempt, collector::nodeName);
        RmApplications applications = new RmApplications(getRMContext());
        status = new SchedulerStatus(planBook, policyRunner, dl2.status(), settings.policy(), applications::yarnStateOf);
        hold = new RestoredPlanHold(settings.recoveryNodeWait());
        // Built here, started in serviceStart: on RM recovery, applications are re-admitted in between.
        zooKeeper = new ZooKeeperState(settings, planBook, policyRunner, status, hold, applications::isLive,
                () -> dl2.status().servingVersion().orElse(null));
        metrics.zooKeeper().watch(zooKeeper);
        admissions = new DlAdmissions(this, settings, dlApplications, zooKeeper);
        LOG.info("yarn-dl DeepLearningScheduler configured: {}", settings.describe());
    }

    @Override
    public void serviceStart() throws Exception {
        super.serviceStart();
        metrics.start();
        zooKeeper.start();
        loop = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "yarn-dl-round");
            thread.setDaemon(true);
            return thread;
        });
        long interval = settings.interval().toMillis();
        loop.scheduleWithFixedDelay(this::runRoundSafely, 0, interval, TimeUnit.MILLISECONDS);
        kills = new KillTimer(enforcement.shrinker(), Duration.ofMillis(KILL_CHECK_MILLIS), System::currentTimeMillis,
                id -> getRMContainer(id) != null);
    }

    @Override
    public void serviceStop() throws Exception {
        if (loop != null) {
            loop.shutdownNow();
            loop.awaitTermination(10, TimeUnit.SECONDS);
        }
        if (kills != null) {
            kills.close();
        }
        if (zooKeeper != null) {
            zooKeeper.close();
        }
        if (policyRunner != null) {
            policyRunner.close();
        }
        metrics.stop();
        super.serviceStop();
    }

    // ---------------------------------------------------------------- what tests, metrics and the web read

    /** The effective settings. */
    public SchedulerSettings settings() {
        return settings;
    }

    /** How each round reads a node's GPU type (attribute, mapping, partition). */
    public GpuTypeReader gpuTypeReader() {
        return gpuTypes;
    }

    /** The scheduler's metrics, published in the RM's JMX (domain {@value SchedulerMetrics#JMX_DOMAIN}) while it runs. */
    public SchedulerMetrics metrics() {
        return metrics;
    }

    /** Which DL2 model serves, or why DL2 falls back; empty both ways when the policy is not dl2. */
    public Dl2ModelStatus dl2Status() {
        return dl2.status();
    }

    /** The plan in force, its history and round counters. */
    public PlanBook planBook() {
        return planBook;
    }

    /** Progress and spec records skipped as unreadable or nonsensical, by reason (empty before ZooKeeper connects). */
    public Optional<RecordRejections> recordRejections() {
        return zooKeeper.records().map(JobRecordWatcher::rejections);
    }

    /** What the policy learned after its last good round, or was restored with. */
    public Optional<PolicyState> policyState() {
        return policyRunner.lastState();
    }

    /** How this scheduler took over from the previous one's checkpoint; empty until ZooKeeper was reached. */
    public Optional<RecoveryReport> recoveryReport() {
        return zooKeeper.recoveryReport();
    }

    /** The scheduler's checkpoints: the last written, the one waiting for ZooKeeper. */
    public CheckpointKeeper checkpoints() {
        return zooKeeper.checkpoints();
    }

    /** Everything the scheduler keeps in ZooKeeper. */
    public ZooKeeperState zooKeeperState() {
        return zooKeeper;
    }

    /** What the RM's REST API and web page read, and the run-time policy switch (io.yarndl.yarn.web). */
    public SchedulerStatus status() {
        return status;
    }

    /** Whether {@code applicationId} is a deep-learning job this scheduler sizes. */
    public boolean isDeepLearning(ApplicationId applicationId) {
        return dlApplications.containsKey(applicationId);
    }

    // ---------------------------------------------------------------- CapacityScheduler hooks

    @Override
    public Allocation allocate(ApplicationAttemptId attemptId, List<ResourceRequest> ask,
                               List<SchedulingRequest> schedulingRequests, List<ContainerId> release,
                               List<String> blacklistAdditions, List<String> blacklistRemovals,
                               ContainerUpdates updateRequests) {
        DlApplication app = dlApplications.get(attemptId.getApplicationId());
        FiCaSchedulerApp attempt = app == null ? null : getApplicationAttempt(attemptId);
        if (attempt != null && !attempt.isWaitingForAMContainer()) {
            ask = allocateFilter.shapedAsks(attemptId, attempt, ask, release);
            schedulingRequests = allocateFilter.withoutSchedulingRequests(attemptId, schedulingRequests);
        }
        return super.allocate(attemptId, ask, schedulingRequests, release, blacklistAdditions, blacklistRemovals,
                updateRequests);
    }

    @Override
    public void handle(SchedulerEvent event) {
        switch (event.getType()) {
            case APP_ADDED -> {
                if (!admissions.admit((AppAddedSchedulerEvent) event)) {
                    return;
                }
                super.handle(event);
            }
            case APP_ATTEMPT_REMOVED -> {
                super.handle(event);
                ApplicationAttemptId attempt = ((AppAttemptRemovedSchedulerEvent) event).getApplicationAttemptID();
                allocateFilter.forget(attempt);
                if (enforcement != null) {
                    enforcement.shrinker().forget(attempt);
                }
            }
            case APP_REMOVED -> {
                super.handle(event);
                AppRemovedSchedulerEvent removed = (AppRemovedSchedulerEvent) event;
                ApplicationId id = removed.getApplicationID();
                if (dlApplications.remove(id) != null) {
                    RMApp app = getRMContext().getRMApps().get(id);
                    metrics.outcomes().ended(removed.getFinalState(),
                            app == null ? null : app.getFinalApplicationStatus());
                    forgetRecords(id);
                }
            }
            case NODE_ADDED -> {
                super.handle(event);
                // CapacityScheduler recovers the node's containers in the same event: once it returns, they are known.
                FiCaSchedulerNode added = getNode(((NodeAddedSchedulerEvent) event).getAddedRMNode().getNodeID());
                if (added != null) {
                    registeredNodes.add(added.getNodeName());
                }
            }
            case NODE_REMOVED -> {
                FiCaSchedulerNode removed = getNode(((NodeRemovedSchedulerEvent) event).getRemovedRMNode().getNodeID());
                super.handle(event);
                if (removed != null) {
                    registeredNodes.remove(removed.getNodeName());
                }
            }
            default -> super.handle(event);
        }
    }

    // ---------------------------------------------------------------- internals

    private String rackOf(String nodeName) {
        List<FiCaSchedulerNode> nodes = getNodeTracker().getNodesByResourceName(nodeName);
        return nodes == null || nodes.isEmpty() ? null : nodes.get(0).getRackName();
    }

    /**
     * Drops a finished application's records, in memory and in ZooKeeper: a killed AM gets no
     * chance to remove its own. In the background, so the scheduler's event thread never waits on
     * ZooKeeper; a failure only leaves a stale node that the next deployment's cleanup can take.
     */
    private void forgetRecords(ApplicationId id) {
        zooKeeper.records().ifPresent(watcher -> watcher.forget(id.toString()));
        zooKeeper.jobNodes().remove(id.toString());
    }

    private void runRoundSafely() {
        try {
            dl2.beforeRound();
            Optional<JobRecordWatcher> watcher = zooKeeper.connect();
            long started = System.currentTimeMillis();
            if (hold.holds(started, Set.copyOf(registeredNodes))) {
                // The restored plan stays in force, unchanged and unenforced, until the nodes are back.
                metrics.rounds().waitedForNodes();
                zooKeeper.afterRound(started);
                return;
            }
            RoundGathering.Inputs in = gathering.read(getAllNodes(), dlApplications.values(), watcher);
            long now = System.currentTimeMillis();
            round.run(now / 1000.0, in.nodes(), in.jobs(), in.rooms());
            zooKeeper.afterRound(now);
            zooKeeper.gpuTypes().publish(new NodeGpuTypes(in.gpuTypes()));
            status.afterRound(now / 1000.0, in.jobs());
            enforcement.enforce(dlApplications.values(), in.gpuTypes(), now);
        } catch (RuntimeException unexpected) {
            LOG.error("scheduling round failed; the last good plan stays in force", unexpected);
        }
    }

    /**
     * Drops a reservation only while it is one: the round asked from its own thread, and a node
     * update may have turned the reservation into an allocation since, which this must not kill.
     */
    @Override
    public void killReservedContainer(RMContainer container) {
        if (container.getState() == RMContainerState.RESERVED) {
            super.killReservedContainer(container);
        }
    }

    private FiCaSchedulerApp currentAttempt(ApplicationId id) {
        var scheduled = getSchedulerApplications().get(id);
        FiCaSchedulerApp attempt = scheduled == null ? null : scheduled.getCurrentAppAttempt();
        return attempt == null || attempt.isStopped() || attempt.isWaitingForAMContainer() ? null : attempt;
    }

    private void checkQueuesAreLeaves() {
        for (String path : settings.queues()) {
            CSQueue queue = getQueue(path);
            if (!(queue instanceof AbstractLeafQueue)) {
                throw new IllegalArgumentException(SchedulerSettings.QUEUES + " names " + path + ", which is "
                        + (queue == null ? "not a queue" : "not a leaf queue")
                        + " of capacity-scheduler.xml; DL queues must be leaf queues");
            }
        }
    }
}
