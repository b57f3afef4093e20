package io.yarndl.scale.run;

import com.codahale.metrics.Snapshot;
import io.yarndl.scale.am.AmWorld;
import io.yarndl.scale.am.AppSubmitter;
import io.yarndl.scale.am.BatchAm;
import io.yarndl.scale.am.DlJobAm;
import io.yarndl.scale.am.JobMix;
import io.yarndl.scale.am.Population;
import io.yarndl.scale.nm.NodeFleet;
import io.yarndl.scale.rm.RmSettings;
import io.yarndl.scale.rm.ScaleResourceManager;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.metrics.RoundMetrics;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.QueueMetrics;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerMetrics;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;

/**
 * Runs one {@link Scenario}: starts a {@link ScaleResourceManager} with the scenario's scheduler,
 * registers the simulated NodeManagers and starts their heartbeats, submits the DL jobs and the
 * non-DL applications evenly over the warm-up, then measures for the measured window and stops
 * everything. ZooKeeper is the caller's, shared by consecutive runs; each run keeps yarn-dl's
 * records under a root of its own, so no run recovers another's checkpoint.
 */
public final class ScaleRun {

    private static final int ZK_SESSIONS = 16;
    /** Threads the DL jobs' ZooKeeper writes run on, one per session. */
    private static final int ZK_WRITERS = ZK_SESSIONS;
    private static final long NODE_WAIT_MS = 120_000;
    private static final RoundWindow.Rounds NO_ROUNDS = new RoundWindow.Rounds(0, Double.NaN, Double.NaN, true);

    private ScaleRun() {
    }

    public static RunResult run(Scenario scenario, String zkConnect, int runIndex) throws Exception {
        String zkRoot = "/yarn-dl-scale-" + runIndex;
        Configuration conf = RmSettings.of(scenario.scheduler(), scenario.policy(), scenario.roundIntervalMs(),
                scenario.heartbeatMs(), zkConnect, zkRoot);
        // Process-wide Hadoop state a previous RM in this JVM left behind, cleared as MockRM does.
        ResourceUtils.resetResourceTypes(conf);
        QueueMetrics.clearQueueMetrics();
        DefaultMetricsSystem.setMiniClusterMode(true);

        HarnessMetrics metrics = new HarnessMetrics();
        AtomicReference<NodeFleet> fleetRef = new AtomicReference<>();
        ScaleResourceManager rm = new ScaleResourceManager(container -> fleetRef.get().start(container));
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(scenario.threads(), daemon("scale-harness"));
        ScheduledExecutorService prober = Executors.newSingleThreadScheduledExecutor(daemon("scale-probe"));
        ExecutorService zkWriters = Executors.newFixedThreadPool(ZK_WRITERS, daemon("scale-zk-writer"));
        List<CuratorFramework> sessions = new ArrayList<>();
        try {
            rm.init(conf);
            rm.start();
            NodeFleet fleet = new NodeFleet(scenario.nodes(), rm.getResourceTrackerService(), metrics);
            fleetRef.set(fleet);
            fleet.register();
            awaitNodes(rm, scenario.nodes());
            for (int i = 0; i < ZK_SESSIONS; i++) {
                CuratorFramework session = CuratorFrameworkFactory.newClient(zkConnect, 30_000, 15_000,
                        new RetryNTimes(3, 500));
                session.start();
                sessions.add(session);
            }
            long tick = TimeUnit.MILLISECONDS.toNanos(scenario.heartbeatMs());
            long ramp = TimeUnit.SECONDS.toNanos(scenario.warmupSec()) * 8 / 10;
            fleet.startHeartbeats(timer, scenario.heartbeatMs());
            AmWorld world = new AmWorld(rm.getRMContext(), rm.getApplicationMasterService(),
                    new AppSubmitter(rm.getClientRMService()), fleet, metrics, sessions, zkWriters, zkConnect,
                    zkRoot, scenario.scheduler().elastic(), 5_000);
            JobMix mix = new JobMix(scenario.seed());
            Population dl = new Population(scenario.dlJobs(), i -> n -> DlJobAm.submit(world, i, mix.job(i)),
                    timer, tick, ramp, metrics);
            new Population(scenario.batchApps(), i -> n -> BatchAm.submit(world, i * 100_000 + n), timer, tick, ramp,
                    metrics);
            ProbeLog probes = new ProbeLog(rm, () -> DlCensus.of(dl));
            prober.scheduleAtFixedRate(probes::take, 0, 1, TimeUnit.SECONDS);

            Thread.sleep(TimeUnit.SECONDS.toMillis(scenario.warmupSec()));
            Totals before = Totals.of(rm);
            RoundWindow rounds = roundWindow(rm, RoundMetrics.ROUNDS);
            RoundWindow roundsCpu = roundWindow(rm, RoundMetrics.ROUNDS_CPU);
            metrics.startMeasuring();
            probes.openWindow();
            Thread.sleep(TimeUnit.SECONDS.toMillis(scenario.measureSec()));
            metrics.stopMeasuring();
            probes.closeWindow();
            Totals after = Totals.of(rm);
            RoundWindow.Rounds measured = rounds == null ? NO_ROUNDS : rounds.close();
            RoundWindow.Rounds measuredCpu = roundsCpu == null ? NO_ROUNDS : roundsCpu.close();
            return result(scenario, rm, metrics, probes, dl, before, after, measured, measuredCpu);
        } finally {
            timer.shutdownNow();
            prober.shutdownNow();
            timer.awaitTermination(30, TimeUnit.SECONDS);
            zkWriters.shutdownNow();
            zkWriters.awaitTermination(30, TimeUnit.SECONDS);
            sessions.forEach(CuratorFramework::close);
            rm.stop();
        }
    }

    /** The window over yarn-dl's round timer {@code name} from now; null under a scheduler without rounds. */
    private static RoundWindow roundWindow(ScaleResourceManager rm, String name) {
        return rm.getResourceScheduler() instanceof DeepLearningScheduler yarnDl
                ? RoundWindow.open(yarnDl.metrics().registry().timer(name)) : null;
    }

    private static RunResult result(Scenario scenario, ScaleResourceManager rm, HarnessMetrics metrics,
                                    ProbeLog probes, Population dl, Totals before, Totals after,
                                    RoundWindow.Rounds rounds, RoundWindow.Rounds roundsCpu) {
        double seconds = (after.nanos - before.nanos) / 1e9;
        DlCensus dlJobs = DlCensus.of(dl);
        long grows = 0;
        long shrinks = 0;
        if (rm.getResourceScheduler() instanceof DeepLearningScheduler yarnDl) {
            var registry = yarnDl.metrics().registry();
            grows = registry.counter(RoundMetrics.GROWS).getCount();
            shrinks = registry.counter(RoundMetrics.SHRINKS).getCount();
        }
        Snapshot heartbeats = metrics.heartbeats().getSnapshot();
        Snapshot allocates = metrics.allocates().getSnapshot();
        ZooKeeperOps zk = after.zooKeeper.minus(before.zooKeeper);
        System.gc();
        double liveMb = ProbeLog.heapMb();
        IntSummaryStatistics rmQueue = probes.rmQueue();
        IntSummaryStatistics schedulerQueue = probes.schedulerQueue();
        return new RunResult(scenario, seconds,
                metrics.heartbeats().getCount() / seconds, (after.nodeUpdates - before.nodeUpdates) / seconds,
                heartbeats.getMedian() / 1e6, heartbeats.get99thPercentile() / 1e6,
                metrics.allocates().getCount() / seconds, allocates.getMedian() / 1e6,
                allocates.get99thPercentile() / 1e6, (after.allocated - before.allocated) / seconds, after.allocated,
                rounds.count(), rounds.p50Ms(), rounds.p99Ms(), roundsCpu.p50Ms(), roundsCpu.p99Ms(),
                rmQueue.getMax(), rmQueue.getAverage(), schedulerQueue.getMax(), schedulerQueue.getAverage(),
                zk.writes() / seconds, zk.reads() / seconds, probes.maxHeapMb(), liveMb,
                metrics.lagMs().getSnapshot().get99thPercentile(), dlJobs.running(), dlJobs.workers(),
                rm.gpusAllocated(), dlJobs.amsUp(), rm.inactiveApplications(RmSettings.DL_QUEUE),
                rm.reservedContainers(), rm.getResourceScheduler() instanceof CapacityScheduler cs
                        ? ReservationCensus.of(cs) : ReservationCensus.NONE, grows, shrinks,
                metrics.preemptionsAnswered(), metrics.errors(), metrics.firstErrors(), probes.all());
    }

    private static void awaitNodes(ScaleResourceManager rm, int nodes) throws InterruptedException {
        long deadline = System.currentTimeMillis() + NODE_WAIT_MS;
        while (rm.getResourceScheduler().getNumClusterNodes() < nodes) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("only " + rm.getResourceScheduler().getNumClusterNodes() + " of "
                        + nodes + " NodeManagers registered within " + NODE_WAIT_MS + " ms");
            }
            Thread.sleep(50);
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The RM's running totals at one instant. */
    private record Totals(long nanos, long allocated, long nodeUpdates, ZooKeeperOps zooKeeper) {
        static Totals of(ScaleResourceManager rm) {
            return new Totals(System.nanoTime(), rm.getResourceScheduler().getRootQueueMetrics()
                    .getAggregateAllocatedContainers(), CapacitySchedulerMetrics.getMetrics().getNumOfNodeUpdate(),
                    ZooKeeperOps.now());
        }
    }
}
