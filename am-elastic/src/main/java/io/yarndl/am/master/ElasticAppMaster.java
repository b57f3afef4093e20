package io.yarndl.am.master;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ElasticJobConfigCodec;
import io.yarndl.am.launch.AmHostedProcess;
import io.yarndl.am.launch.MxnetLauncher;
import io.yarndl.am.launch.MxnetSchedulerHost;
import io.yarndl.am.launch.Role;
import io.yarndl.am.launch.TorchElasticLauncher;
import io.yarndl.am.launch.TorchParameterServerLauncher;
import io.yarndl.am.launch.TrainerLauncher;
import io.yarndl.am.launch.TrainingProgram;
import io.yarndl.am.records.JobRecords;
import io.yarndl.am.yarn.PatientAmRmClient;
import io.yarndl.am.yarn.QuietNmCallbacks;
import io.yarndl.am.yarn.QuietRmCallbacks;
import io.yarndl.am.yarn.RmRetryWindow;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.contract.access.AppZkSecret;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.security.PrivilegedExceptionAction;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.protocolrecords.RegisterApplicationMasterResponse;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.PreemptionMessage;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The elastic ApplicationMaster of a yarn-dl job. It asks the ResourceManager for up to the job's
 * maximum of workers (and parameter servers), starts an agent in every container it gets, and runs
 * the job as generations ({@link ElasticJob}): on a grant, a preemption message or a lost container
 * the job checkpoints and its members restart at the new size from that checkpoint. It hosts what
 * must outlive any member (the rendezvous store, MXNet's scheduler) and the control endpoint the
 * agents and the script talk to ({@link ControlServer}), relays progress to ZooKeeper for the
 * scheduler and reports overall progress in its heartbeat.
 *
 * <p>Started by the yarn-dl client ({@code yarn jar yarn-dl-am.jar submit}); everything it needs is
 * in its environment: the job description ({@link DlJobContract#SPEC_ENV}), its own config
 * ({@link ElasticJobConfigCodec#ENV}) and ZooKeeper ({@link DlJobContract#ZK_ADDRESS_ENV}). Exit
 * status 0 when the job succeeded, 1 when it failed, 2 on bad input.
 *
 * <p>The application may run several attempts of it ({@code submit --max-am-attempts}). An attempt
 * after the first takes the job over from the dead one ({@link ElasticJob#takeOver}): it releases the
 * containers it inherits, continues the progress published in ZooKeeper and resumes training from
 * the last checkpoint in new containers. Its log lines and status page name the attempt.
 *
 * <p>An RM failover or restart does not end an attempt: heartbeats the RM fails are retried for
 * {@link RmRetryWindow} ({@link PatientAmRmClient}), and a restarted RM gets the AM registered
 * again with its outstanding asks; only past that window does the AM give up (exit status 1).
 */
public final class ElasticAppMaster {

    private static final Logger LOG = LoggerFactory.getLogger(ElasticAppMaster.class);
    private static final int HEARTBEAT_MS = 500;
    private static final long TICK_MS = 100;
    /** How often new progress is gathered; it is written at most once per the job's progress interval. */
    private static final long PUBLISH_TICK_MS = 250;
    private static final long SETTLE_MS = 500; // grants within this window join the same generation
    private static final Duration STORE_START_TIMEOUT = Duration.ofSeconds(60);

    private final JobDescription spec;
    private final ElasticJobConfig config;
    private final String applicationId;
    private final int attempt;
    private final ControlToken token;
    private final String host;
    private final Path logDir;
    private final YarnConfiguration conf;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "am-timer");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile String fatal;

    private ElasticJob job;
    private final WorkerNodes workerNodes = new WorkerNodes();
    private ProgressPublisher publisher;
    private AgentLaunch agentLaunch;
    private AMRMClientAsync<ContainerRequest> rm;
    private ContainerAsks asks;
    private NMClientAsync nm;
    private MxnetSchedulerHost mxnetScheduler;
    private AmEnding ending;

    ElasticAppMaster(JobDescription spec, ElasticJobConfig config, ApplicationAttemptId attemptId, ControlToken token,
                     String host, Path logDir, YarnConfiguration conf) {
        this.spec = spec;
        this.config = config;
        this.applicationId = attemptId.getApplicationId().toString();
        this.attempt = attemptId.getAttemptId();
        this.token = token;
        this.host = host;
        this.logDir = logDir;
        this.conf = conf;
    }

    public static void main(String[] args) {
        if (List.of(args).contains("--help")) {
            System.out.println(AmContainer.USAGE);
            System.exit(0);
        }
        JobDescription spec;
        ElasticJobConfig config;
        ApplicationAttemptId attemptId;
        try {
            spec = DlJobContract.readSpec(System.getenv(DlJobContract.SPEC_ENV));
            config = ElasticJobConfigCodec.decode(System.getenv(ElasticJobConfigCodec.ENV));
            attemptId = AmContainer.attemptId();
        } catch (IllegalArgumentException e) {
            System.err.println("ElasticAppMaster: " + e.getMessage());
            System.exit(2);
            return;
        }
        int code;
        try {
            UserGroupInformation submitter = AmUser.of(AmContainer.submitter(), UserGroupInformation.getCurrentUser());
            code = submitter.doAs((PrivilegedExceptionAction<Integer>) () -> {
                Optional<String> secret = AppZkSecret.fromCurrentUser();
                // One token per attempt: a later attempt starts its workers afresh (ElasticJob#takeOver).
                ControlToken token = ControlToken.generate();
                try (JobRecords records = JobRecords.connect(System.getenv(DlJobContract.ZK_ADDRESS_ENV),
                        AmContainer.zkRoot(), attemptId.getApplicationId().toString(), spec,
                        secret)) {
                    return new ElasticAppMaster(spec, config, attemptId, token, AmContainer.hostname(),
                            AmContainer.logDir(), new YarnConfiguration())
                            .run(records);
                }
            });
        } catch (Exception e) {
            LOG.error("the ApplicationMaster failed", e);
            code = 1;
        }
        System.exit(code);
    }

    int run(JobRecords records) throws Exception {
        String user = UserGroupInformation.getCurrentUser().getShortUserName();
        CheckpointLocation checkpoint = CheckpointLocation.prepare(config.checkpointDir(), conf);
        int storePort = AmHostedProcess.freePort();
        TrainingProgram program = new TrainingProgram(applicationId, config.python(), config.script(),
                config.scriptArgs(), host, storePort, config.procsPerWorker(),
                Math.max(1, spec.workerDemand().vcores() / config.procsPerWorker()), config.workerEnv());
        AmHostedProcess store = null;
        if (spec.framework() == Framework.PYTORCH) {
            store = AmHostedProcess.torchStore(config.python(), host, storePort, logDir, STORE_START_TIMEOUT);
            LOG.info("rendezvous store listening on {}", program.storeEndpoint());
        }
        job = new ElasticJob(new JobLimits(spec.minWorkers(), spec.maxWorkers(), spec.minPs(), spec.maxPs(),
                config.maxFailures(), config.checkpointTimeoutMs(), SETTLE_MS, spec.globalBatchSize()),
                launcher(program), System::currentTimeMillis, workerNodes::gpuTypeOf);
        try (ControlServer control = new ControlServer(job, token, this::act, 0)) {
            String amUrl = "http://" + host + ":" + control.port();
            agentLaunch = new AgentLaunch(config, amUrl, applicationId, checkpoint.helperUri(), user, spec,
                    WorkerCredentials.of(token, UserGroupInformation.getCurrentUser().getCredentials(),
                            checkpoint.tokenService()));
            PatientAmRmClient rmClient = new PatientAmRmClient(RmRetryWindow.from(conf));
            control.reportAlso("rm_heartbeat_retries", rmClient::retries);
            rm = AMRMClientAsync.createAMRMClientAsync(rmClient, HEARTBEAT_MS, new RmCallbacks());
            rm.init(conf);
            rm.start();
            asks = new ContainerAsks(rm, spec.workerDemand(), spec.psDemand());
            nm = NMClientAsync.createNMClientAsync(new NmCallbacks());
            nm.init(conf);
            nm.start();
            nm.getClient().cleanupRunningContainersOnStop(false);
            ending = new AmEnding(job, rm, HEARTBEAT_MS, logDir.resolve("am-events.jsonl"));
            try {
                RegisterApplicationMasterResponse registration =
                        rm.registerApplicationMaster(host, control.port(), amUrl + "/v1/status");
                LOG.info("attempt {} registered; control and tracking endpoint {}", attempt, amUrl);
                if (attempt > 1) {
                    List<Container> inherited = registration.getContainersFromPreviousAttempts();
                    takeOver(inherited == null ? List.of() : inherited, records);
                }
                records.writeSpec();
                act();
                timer.scheduleAtFixedRate(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
                publisher = new ProgressPublisher(job::takeUnpublished, records::writeProgress,
                        config.progressIntervalMs(), System::currentTimeMillis);
                LOG.info("publishing progress to ZooKeeper every {} ms", config.progressIntervalMs());
                timer.scheduleAtFixedRate(TimerTasks.warnOnFailure(LOG, "publishing progress", publisher::tick),
                        PUBLISH_TICK_MS, PUBLISH_TICK_MS, TimeUnit.MILLISECONDS);
                // The types change when nodes join or change type: once per progress interval is soon enough.
                timer.scheduleWithFixedDelay(TimerTasks.warnOnFailure(LOG, "reading the nodes' GPU types",
                        () -> workerNodes.typesAre(records.nodeGpuTypes())), 0, config.progressIntervalMs(),
                        TimeUnit.MILLISECONDS);
                ended.await();
                timer.shutdownNow();
                return ending.finish(fatal, records, publisher, config.stagingToRemove(), conf);
            } finally {
                timer.shutdownNow();
                ending.writeEventLog();
                nm.stop();
                rm.stop();
            }
        } finally {
            if (store != null) {
                store.close();
            }
            if (mxnetScheduler != null) {
                mxnetScheduler.close();
            }
        }
    }

    /**
     * A previous attempt of this AM died (its node, its JVM): it left its progress in ZooKeeper and,
     * since the client keeps containers across attempts, its containers running. Their trainers
     * rendezvoused through the dead AM's store and report to its address, so this attempt releases
     * them and resumes the job from its last checkpoint in new containers, as after a resize
     * ({@link ElasticJob#takeOver}).
     */
    private void takeOver(List<Container> inherited, JobRecords records) {
        Optional<ProgressSample> published = records.lastProgress();
        List<String> ids = inherited.stream().map(c -> c.getId().toString()).toList();
        LOG.info("attempt {} takes over from a dead attempt: last published step {}, {} container(s) inherited {}",
                attempt, published.map(p -> Long.toString(p.step())).orElse("none"), ids.size(), ids);
        job.takeOver(attempt, published, ids);
    }

    private TrainerLauncher launcher(TrainingProgram program) {
        if (spec.framework() == Framework.MXNET) {
            MxnetLauncher mxnet = new MxnetLauncher(program);
            mxnetScheduler = new MxnetSchedulerHost(mxnet, logDir);
            return mxnet;
        }
        return spec.architecture() == Architecture.PARAMETER_SERVER
                ? new TorchParameterServerLauncher(program) : new TorchElasticLauncher(program);
    }

    private void tick() {
        try {
            job.tick();
            act();
        } catch (RuntimeException e) {
            LOG.error("AM tick failed", e);
        }
    }

    /** Acts on the job's state: releases, asks, MXNet's scheduler, the end. */
    private synchronized void act() {
        if (rm == null) {
            return;
        }
        for (String id : job.takeReleases()) {
            LOG.info("releasing {}", id);
            rm.releaseAssignedContainer(ContainerId.fromString(id));
        }
        for (Role role : Role.values()) {
            asks.setCount(role, job.missing(role));
        }
        if (mxnetScheduler != null) {
            job.runningPlan().ifPresent(mxnetScheduler::serve);
        }
        if (job.outcome().state() != JobOutcome.State.RUNNING || fatal != null) {
            ended.countDown();
        }
    }

    /** Callbacks from the RM heartbeat, on the AMRM client's handler thread. */
    private final class RmCallbacks extends QuietRmCallbacks {

        @Override
        public void onContainersAllocated(List<Container> containers) {
            for (Container c : containers) {
                Role role = ContainerAsks.roleOf(c.getPriority().getPriority());
                String id = c.getId().toString();
                synchronized (ElasticAppMaster.this) {
                    if (role != null) {
                        asks.granted(role);
                    }
                }
                workerNodes.placed(id, c.getNodeId().toString());
                if (role != null && job.granted(id, role)) {
                    LOG.info("granted {} as a {} on {}", id, role, c.getNodeId());
                    nm.startContainerAsync(c, agentLaunch.contextFor(id));
                } else {
                    LOG.info("releasing surplus container {}", id);
                    rm.releaseAssignedContainer(c.getId());
                }
            }
            act();
        }

        @Override
        public void onContainersCompleted(List<ContainerStatus> statuses) {
            for (ContainerStatus status : statuses) {
                job.completed(status.getContainerId().toString(), status.getExitStatus(), status.getDiagnostics());
                workerNodes.gone(status.getContainerId().toString());
            }
            act();
        }

        @Override
        public void onPreemptionMessageReceived(PreemptionMessage message) {
            // The strict contract (give these back) and the negotiable one: the job checkpoints either way.
            Stream.of(message.getStrictContract() == null ? null : message.getStrictContract().getContainers(),
                            message.getContract() == null ? null : message.getContract().getContainers())
                    .filter(Objects::nonNull).flatMap(Set::stream)
                    .forEach(container -> job.preemptionRequested(container.getId().toString()));
            act();
        }

        @Override
        public void onShutdownRequest() {
            fatal = "the ResourceManager asked this AM to shut down";
            ended.countDown();
        }

        @Override
        public float getProgress() {
            TrainingGoal goal = spec.goal();
            double loss = goal instanceof TrainingGoal.TargetLoss t ? t.loss() : 0;
            long steps = goal instanceof TrainingGoal.FixedSteps s ? s.totalSteps() : 0;
            return job == null ? 0f : job.progressFraction(loss, steps);
        }

        /** The RM failed heartbeats past {@link RmRetryWindow}, or with an error that cannot heal. */
        @Override
        public void onError(Throwable e) {
            LOG.error("lost the ResourceManager", e);
            fatal = "lost the ResourceManager: " + e;
            ended.countDown();
        }
    }

    /** Callbacks from the NodeManagers. */
    private final class NmCallbacks extends QuietNmCallbacks {

        @Override
        public void onContainerStarted(ContainerId id, Map<String, ByteBuffer> allServiceResponse) {
            LOG.info("agent container {} started", id);
        }

        @Override
        public void onStartContainerError(ContainerId id, Throwable t) {
            LOG.warn("container {} failed to start: {}", id, t.toString());
            job.completed(id.toString(), -1, "failed to start: " + t);
            rm.releaseAssignedContainer(id);
            act();
        }
    }
}
