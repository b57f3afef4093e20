package io.yarndl.it.toyam;

import io.yarndl.am.records.JobRecords;
import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.contract.access.AppZkSecret;
import io.yarndl.am.yarn.PatientAmRmClient;
import io.yarndl.am.yarn.QuietNmCallbacks;
import io.yarndl.am.yarn.QuietRmCallbacks;
import io.yarndl.am.yarn.RmRetryWindow;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.contract.job.DlJobContract;
import io.yarndl.contract.job.JobDescription;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.api.records.ContainerStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.PreemptionMessage;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;
import org.apache.hadoop.yarn.client.api.async.NMClientAsync;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small but real elastic ApplicationMaster for scheduler tests, standing in for the PyTorch one.
 * It asks for up to {@code maxWorkers} worker containers (priority {@link DlJobContract#WORKER_PRIORITY},
 * the spec's worker resources including {@code yarn.io/gpu}), runs a sleeping process in each, and
 * trains a {@link SyntheticTraining} whose truth is known: every report interval, while at least
 * {@code minWorkers} workers are held, it advances and publishes a {@link ProgressSample} to
 * ZooKeeper, tagged, as the elastic AM tags it, with the one GPU type of its workers' nodes that
 * the scheduler publishes ({@link NodeGpuTypes}), at the speed its options give that type. It
 * unregisters SUCCEEDED once the goal is met. A parameter-server job also asks for up to
 * {@code maxPs} server containers ({@link DlJobContract#PS_PRIORITY}, the spec's server resources)
 * running the same process, trains only while it holds {@code minPs} of them too, and reports the
 * servers it holds in each sample (the training speed does not depend on them).
 *
 * <p>Elasticity: whatever the RM grants (up to max) joins; a container named in a
 * {@link PreemptionMessage} is released after {@code --release-on-preempt-ms} (the job "checkpoints"
 * first), or never with -1, leaving the kill to the scheduler; any completed container is replaced by
 * a new ask. A replacement may arrive before the victim's completion: the books
 * ({@link WorkerContainers}) do not assume an order.
 *
 * <p>Input: the job spec in {@link DlJobContract#SPEC_ENV} (base64 JSON), ZooKeeper in
 * {@link DlJobContract#ZK_ADDRESS_ENV} and {@link DlJobContract#ZK_ROOT_ENV}, options in the
 * arguments ({@link ToyAmOptions#USAGE}). Exit status 0 when it finished, 1 when the RM told it to
 * shut down or the RM connection failed (heartbeats failing past {@link RmRetryWindow}: it rides
 * out an RM failover or restart as the elastic AM does, {@link PatientAmRmClient}), 2 on bad input. ZooKeeper trouble only loses records
 * ({@link JobRecords}); it never stops the job.
 *
 * <p>Threads: RM callbacks, NM callbacks and the progress timer; all state is guarded by this
 * object's lock, and RM/NM client calls made under it do not call back into it.
 */
public final class ToyElasticAppMaster {

    private static final Logger LOG = LoggerFactory.getLogger(ToyElasticAppMaster.class);
    private static final String DEFAULT_ZK_ROOT = "/yarn-dl";
    private static final int RELEASE_CONFIRM_HEARTBEATS = 20;

    private final ToyAmOptions options;
    private final JobDescription spec;
    private final EventLogWriter events;
    private final JobRecords records;
    private final SyntheticTraining training;
    private final WorkerContainers workers;
    private final WorkerContainers servers;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "toy-am-timer");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch done = new CountDownLatch(1);
    private AMRMClientAsync<ContainerRequest> rm;
    private NMClientAsync nm;
    private WorkerAsks asks;
    private WorkerAsks serverAsks;
    private long lastTickNanos;
    private volatile int exitCode = 1;
    private volatile float progress;
    private boolean finishing;

    ToyElasticAppMaster(ToyAmOptions options, JobDescription spec, EventLogWriter events, JobRecords records) {
        this.options = options;
        this.spec = spec;
        this.events = events;
        this.records = records;
        this.training = new SyntheticTraining(options.lossB0(), options.lossB1(), options.lossB2(),
                options.stepsPerSecond(), options.scalingOverhead(), spec.goal());
        this.workers = new WorkerContainers(spec.maxWorkers());
        this.servers = new WorkerContainers(spec.maxPs());
    }

    public static void main(String[] args) {
        ToyAmOptions options;
        JobDescription spec;
        String containerId = System.getenv(ApplicationConstants.Environment.CONTAINER_ID.name());
        if (List.of(args).contains("--help")) {
            System.out.println(ToyAmOptions.USAGE);
            System.exit(0);
        }
        try {
            options = ToyAmOptions.parse(args);
            spec = DlJobContract.readSpec(System.getenv(DlJobContract.SPEC_ENV));
            if (containerId == null) {
                throw new IllegalArgumentException("not in a YARN container: "
                        + ApplicationConstants.Environment.CONTAINER_ID.name() + " is not set");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("ToyElasticAppMaster: " + e.getMessage());
            System.err.println(ToyAmOptions.USAGE);
            System.exit(2);
            return;
        }
        String appId = ContainerId.fromString(containerId).getApplicationAttemptId().getApplicationId().toString();
        String root = System.getenv(DlJobContract.ZK_ROOT_ENV);
        int code;
        try (EventLogWriter events = EventLogWriter.open(options.events());
             JobRecords records = JobRecords.connect(System.getenv(DlJobContract.ZK_ADDRESS_ENV),
                     root == null || root.isBlank() ? DEFAULT_ZK_ROOT : root, appId, spec,
                     AppZkSecret.fromCurrentUser())) {
            code = new ToyElasticAppMaster(options, spec, events, records).run();
        } catch (Exception e) {
            LOG.error("toy AM failed", e);
            code = 1;
        }
        System.exit(code);
    }

    int run() throws Exception {
        if (!training.reachable()) {
            LOG.warn("target loss {} is at or below the loss curve's floor b2={}: this job never finishes",
                    spec.goal(), options.lossB2());
        }
        YarnConfiguration conf = new YarnConfiguration();
        rm = AMRMClientAsync.createAMRMClientAsync(new PatientAmRmClient(RmRetryWindow.from(conf)),
                options.heartbeatMs(), new RmCallbacks());
        rm.init(conf);
        rm.start();
        nm = NMClientAsync.createNMClientAsync(new NmCallbacks());
        nm.init(conf);
        nm.start();
        // Containers are released before the AM stops: no need to stop each again on the way out.
        nm.getClient().cleanupRunningContainersOnStop(false);
        try {
            rm.registerApplicationMaster(hostname(), -1, "");
            synchronized (this) {
                asks = new WorkerAsks(rm, spec.workerDemand(), DlJobContract.WORKER_PRIORITY);
                serverAsks = new WorkerAsks(rm, spec.psDemand(), DlJobContract.PS_PRIORITY);
                events.write(Event.REGISTERED, 0);
                adjustAsks();
            }
            records.writeSpec();
            lastTickNanos = System.nanoTime();
            timer.scheduleAtFixedRate(this::tick, options.reportIntervalMs(), options.reportIntervalMs(),
                    TimeUnit.MILLISECONDS);
            done.await();
            timer.shutdownNow();
            timer.awaitTermination(10, TimeUnit.SECONDS);
            if (exitCode == 0) {
                finish();
            }
            return exitCode;
        } finally {
            timer.shutdownNow();
            nm.stop();
            rm.stop();
        }
    }

    /** Advances the synthetic training by the time since the last tick, if enough workers are held. */
    private void tick() {
        try {
            ProgressSample sample;
            boolean reached;
            // Read outside the lock: a ZooKeeper call (one exists() while the types are unchanged).
            NodeGpuTypes types = records.nodeGpuTypes();
            synchronized (this) {
                long now = System.nanoTime();
                double seconds = (now - lastTickNanos) / 1e9;
                lastTickNanos = now;
                int held = workers.heldWorkers();
                int heldServers = servers.heldWorkers();
                if (finishing || held < spec.minWorkers() || heldServers < spec.minPs()) {
                    return;
                }
                String gpuType = types.commonTypeOf(workers.workingNodes());
                // On a slower GPU type the same job does fewer steps in the same time.
                double speed = options.speedOn(gpuType);
                training.advance(held, seconds * speed);
                long step = (long) training.step();
                // The loss of the step reported, so a fitted curve can recover b0, b1, b2 exactly.
                sample = new ProgressSample(System.currentTimeMillis() / 1000.0, step, training.lossAt(step),
                        training.stepsPerSecond(held) * speed, held, heldServers, gpuType);
                progress = training.fractionDone();
                events.write(Event.PROGRESS, held, step, heldServers);
                reached = training.done();
                finishing = reached;
            }
            records.writeProgress(sample);
            if (reached) {
                exitCode = 0;
                done.countDown();
            }
        } catch (RuntimeException e) {
            // A throwing task would cancel the timer for good: log and keep training.
            LOG.error("progress tick failed", e);
        }
    }

    private void finish() throws InterruptedException {
        synchronized (this) {
            for (ContainerId id : workers.releaseAll()) {
                rm.releaseAssignedContainer(id);
                events.write(Event.RELEASED, workers.heldWorkers(), id);
            }
            for (ContainerId id : servers.releaseAll()) {
                rm.releaseAssignedContainer(id);
                events.write(Event.SERVER_ENDED, workers.heldWorkers(), id, servers.heldWorkers());
            }
            asks.keepAt(0);
            serverAsks.keepAt(0);
            // Releases travel with the next heartbeat: wait for the RM to confirm them, or a
            // container on another node may hold its GPUs well after the application ended.
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RELEASE_CONFIRM_HEARTBEATS
                    * (long) options.heartbeatMs());
            long left;
            while ((workers.ownsAny() || servers.ownsAny()) && (left = deadline - System.nanoTime()) > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
        records.remove();
        events.write(Event.FINISHED, 0);
        try {
            rm.unregisterApplicationMaster(FinalApplicationStatus.SUCCEEDED,
                    "reached " + spec.goal() + " at step " + (long) training.step(), null);
        } catch (Exception e) {
            LOG.error("could not unregister", e);
            exitCode = 1;
        }
    }

    /** Keeps outstanding asks at what the job still misses of each role (none once finishing). */
    private void adjustAsks() {
        asks.keepAt(finishing ? 0 : workers.missing());
        serverAsks.keepAt(finishing ? 0 : servers.missing());
    }

    private synchronized void release(ContainerId id) {
        if (workers.release(id)) {
            rm.releaseAssignedContainer(id);
            events.write(Event.RELEASED, workers.heldWorkers(), id);
        } else if (servers.release(id)) {
            rm.releaseAssignedContainer(id);
            events.write(Event.SERVER_ENDED, workers.heldWorkers(), id, servers.heldWorkers());
        }
    }

    /** The books of the role that owns {@code id}: the workers' unless a server's. */
    private WorkerContainers booksOf(ContainerId id) {
        return servers.owns(id) ? servers : workers;
    }

    private ContainerLaunchContext workerLaunchContext() {
        String logs = ApplicationConstants.LOG_DIR_EXPANSION_VAR;
        String command = "exec " + options.workerCommand() + " 1>" + logs + "/stdout 2>" + logs + "/stderr";
        return ContainerLaunchContext.newInstance(Map.of(), Map.of(), List.of(command), null, null, null);
    }

    private static String hostname() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    /** Callbacks from the RM heartbeat, on the AMRM client's handler thread. */
    private final class RmCallbacks extends QuietRmCallbacks {

        @Override
        public void onContainersAllocated(List<Container> containers) {
            List<Container> launch = new ArrayList<>();
            synchronized (ToyElasticAppMaster.this) {
                for (Container c : containers) {
                    int priority = c.getPriority().getPriority();
                    boolean worker = priority == DlJobContract.WORKER_PRIORITY;
                    boolean server = priority == DlJobContract.PS_PRIORITY;
                    if (!finishing && worker && workers.accept(c.getId(), c.getNodeId().toString())) {
                        asks.granted();
                        events.write(Event.GRANTED, workers.heldWorkers(), c.getId());
                        launch.add(c);
                    } else if (!finishing && server && servers.accept(c.getId(), c.getNodeId().toString())) {
                        serverAsks.granted();
                        launch.add(c);
                    } else {
                        // More than the job can use (or a stray): hand it straight back.
                        LOG.info("releasing surplus container {}", c.getId());
                        rm.releaseAssignedContainer(c.getId());
                    }
                }
                adjustAsks();
            }
            for (Container c : launch) {
                nm.startContainerAsync(c, workerLaunchContext());
            }
        }

        @Override
        public void onContainersCompleted(List<ContainerStatus> statuses) {
            synchronized (ToyElasticAppMaster.this) {
                for (ContainerStatus status : statuses) {
                    if (servers.completed(status.getContainerId())) {
                        events.write(Event.SERVER_ENDED, workers.heldWorkers(), status.getContainerId(),
                                servers.heldWorkers());
                        continue;
                    }
                    workers.completed(status.getContainerId());
                    events.write(Event.COMPLETED, workers.heldWorkers(), status.getContainerId(),
                            status.getExitStatus());
                }
                adjustAsks();
                ToyElasticAppMaster.this.notifyAll();
            }
        }

        @Override
        public void onPreemptionMessageReceived(PreemptionMessage message) {
            Set<ContainerId> named = PreemptionNotice.containers(message);
            synchronized (ToyElasticAppMaster.this) {
                for (ContainerId id : named) {
                    if (!booksOf(id).preemptionRequested(id)) {
                        continue;
                    }
                    events.write(Event.PREEMPT_REQUESTED, workers.heldWorkers(), id);
                    if (options.releaseOnPreemptMs() >= 0) {
                        timer.schedule(() -> release(id), options.releaseOnPreemptMs(), TimeUnit.MILLISECONDS);
                    }
                }
            }
        }

        @Override
        public void onShutdownRequest() {
            LOG.warn("the RM asked this AM to shut down");
            exitCode = 1;
            done.countDown();
        }

        @Override
        public float getProgress() {
            return progress;
        }

        @Override
        public void onError(Throwable e) {
            LOG.error("lost the RM", e);
            exitCode = 1;
            done.countDown();
        }
    }

    /** Callbacks from the NodeManagers, on the NM client's threads. */
    private final class NmCallbacks extends QuietNmCallbacks {

        @Override
        public void onContainerStarted(ContainerId id, Map<String, ByteBuffer> allServiceResponse) {
            synchronized (ToyElasticAppMaster.this) {
                if (workers.started(id)) {
                    events.write(Event.STARTED, workers.heldWorkers(), id);
                } else if (servers.started(id)) {
                    events.write(Event.SERVER_STARTED, workers.heldWorkers(), id, servers.heldWorkers());
                }
            }
        }

        @Override
        public void onStartContainerError(ContainerId id, Throwable t) {
            LOG.warn("worker container {} failed to start: {}", id, t.toString());
            release(id);
        }
    }
}
