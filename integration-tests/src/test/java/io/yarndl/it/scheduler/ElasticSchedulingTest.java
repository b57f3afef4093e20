package io.yarndl.it.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import io.yarndl.contract.access.AppZkCredentials;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.metrics.EnforcementMetrics;
import io.yarndl.yarn.metrics.RoundMetrics;
import io.yarndl.yarn.metrics.ZooKeeperMetrics;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.jobs.RejectionReason;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.support.Poll;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.SleepJob;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the DeepLearningScheduler sizes deep-learning jobs inside a real ResourceManager: a
 * MiniMRYarnCluster of two NodeManagers with 4 GPUs each, a real ZooKeeper, the {@code optimus}
 * policy, and toy elastic ApplicationMasters that run real processes in their containers and report
 * progress to ZooKeeper. It shows that a running job shrinks through a preemption message when a
 * second job arrives, that the surplus container is killed only after the grace period, that the
 * job grows back when the other finishes, that a MapReduce job in the {@code default} queue is
 * served while DL jobs hold the GPUs, and that bad input (garbage progress records, a job larger
 * than the cluster) is rejected without harming the RM.
 */
class ElasticSchedulingTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(300);
    private static final long GRACE_MS = 3_000;

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.start(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.set(SchedulerSettings.POLICY, "optimus");
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
            conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, GRACE_MS);
        }));
    private static ToyJobClient client;

    private static DlMiniCluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void startCluster() throws Exception {
        client = ToyJobClient.on(cluster());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (client != null) {
            client.close();
        }
    }

    @Test
    void shrinksTheFirstJobThroughPreemptionWhenASecondArrivesAndGrowsItBackWhenThatFinishes() throws Exception {
        Path firstEvents = cluster().workDir().resolve("first.events");
        Path secondEvents = cluster().workDir().resolve("second.events");
        // The AM ignores preemption messages, so the shrink happens only by the scheduler's kill. The
        // first job must outlast the second by more than a regrowth takes: on a loaded machine the
        // second's AM started 17 s after the shrink, and with 1,500 steps the first job ended 5 s
        // after the second, before it could grow back.
        ApplicationId first = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("first", 1, 8, 2_500),
                ToyAmOptions.defaults().withEvents(firstEvents).withSpeed(5, 0.1).withReleaseOnPreemptMs(-1));
        ToyEventLog.await(firstEvents, TIMEOUT, log -> log.maxHeldWorkers() >= 6);

        ApplicationId second = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("second", 1, 8, 200),
                ToyAmOptions.defaults().withEvents(secondEvents).withSpeed(10, 0.1));
        ToyEventLog shrunk = ToyEventLog.await(firstEvents, TIMEOUT, log -> !log.of(Event.COMPLETED).isEmpty());
        String victim = shrunk.of(Event.COMPLETED).get(0).containerId();
        assertEquals(ContainerExitStatus.PREEMPTED, shrunk.of(Event.COMPLETED).get(0).exitStatus(), shrunk.format());
        long warned = shrunk.first(Event.PREEMPT_REQUESTED, victim).orElseThrow().epochMillis();
        long killed = shrunk.first(Event.COMPLETED, victim).orElseThrow().epochMillis();
        assertTrue(warned <= killed, "the AM heard of the preemption before the kill:\n" + shrunk.format());
        // The grace runs from the scheduler's mark, which the AM hears of a heartbeat or more later
        // (on a loaded 2-core machine up to 2 s), so the AM's own clock cannot time it: the RM's
        // /jmx times every kill from its mark.
        JsonNode markToKill = RmJmx.read(cluster().yarnConf()).bean(EnforcementMetrics.MARK_TO_KILL);
        assertTrue(markToKill.get("Count").asLong() >= 1, markToKill.toString());
        assertTrue(markToKill.get("Min").asDouble() >= GRACE_MS,
                "killed sooner than the grace period of " + GRACE_MS + " ms after the mark: " + markToKill);

        assertSucceeded(client.awaitState(second, TIMEOUT, YarnApplicationState.FINISHED));
        long secondDone = ToyEventLog.read(secondEvents).of(Event.FINISHED).get(0).epochMillis();
        int heldWhileShared = minHeldBetween(ToyEventLog.read(firstEvents), killed, secondDone);
        ToyEventLog regrown = ToyEventLog.await(firstEvents, TIMEOUT,
                log -> log.entries().stream().anyMatch(e -> e.epochMillis() > secondDone
                        && e.heldWorkers() > heldWhileShared));
        assertSucceeded(client.awaitState(first, TIMEOUT, YarnApplicationState.FINISHED));

        ToyEventLog firstLog = ToyEventLog.read(firstEvents);
        List<Integer> sizes = sizeChanges(firstLog);
        int heldAlone = maxHeldBefore(firstLog, warned);
        assertTrue(heldWhileShared < heldAlone,
                "sizes " + sizes + ": the first job held " + heldAlone + " alone and " + heldWhileShared + " shared");
        assertTrue(regrown.maxHeldWorkers() > heldWhileShared, "sizes " + sizes);
        assertTrue(ToyEventLog.read(secondEvents).maxHeldWorkers() >= 1);
        DeepLearningScheduler scheduler = scheduler();
        assertTrue(scheduler.planBook().history().stream().filter(c -> c.jobId().equals(first.toString())).count() >= 3,
                "the plan changed the first job's size at least three times: " + scheduler.planBook().history());
        RmJmx jmx = RmJmx.read(cluster().yarnConf());
        assertTrue(jmx.count(EnforcementMetrics.PREEMPTIONS) >= 1, "the victim was marked: " + jmx);
        assertTrue(jmx.count(EnforcementMetrics.KILLS) >= 1, "the AM ignored the message, so it was killed: " + jmx);
        assertTrue(jmx.count(RoundMetrics.SHRINKS) >= 1 && jmx.count(RoundMetrics.GROWS) >= 1, jmx.toString());
        System.out.println("first job's worker counts, in order: " + sizes);
    }

    @Test
    void mapReduceJobInTheDefaultQueueCompletesWhileDeepLearningJobsHoldTheGpus() throws Exception {
        Path events = cluster().workDir().resolve("gpu-hog.events");
        ApplicationId hog = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("gpu-hog", 1, 8, 1_000_000),
                ToyAmOptions.defaults().withEvents(events));
        ToyEventLog.await(events, TIMEOUT, log -> log.maxHeldWorkers() >= 4);

        Configuration conf = new Configuration(cluster().yarnCluster().getConfig());
        conf.set(MRJobConfig.QUEUE_NAME, DlMiniCluster.DEFAULT_QUEUE);
        conf.set(MRJobConfig.MAPREDUCE_APPLICATION_CLASSPATH,
                String.join(",", System.getProperty("java.class.path").split(File.pathSeparator)));
        SleepJob sleep = new SleepJob();
        sleep.setConf(conf);
        Job job = sleep.createJob(2, 1, 500, 1, 500, 1);
        assertTrue(job.waitForCompletion(true), "the MapReduce sleep job failed: " + job.getStatus().getFailureInfo());

        ApplicationReport stillRunning = client.yarnClient().getApplicationReport(hog);
        assertEquals(YarnApplicationState.RUNNING, stillRunning.getYarnApplicationState());
        assertTrue(ToyEventLog.read(events).entries().get(ToyEventLog.read(events).entries().size() - 1).heldWorkers() >= 1);
        client.yarnClient().killApplication(hog);
        client.awaitState(hog, TIMEOUT, YarnApplicationState.KILLED);
    }

    @Test
    void rejectsAJobThatAsksForMoreGpusThanTheClusterHasAndKeepsServing() throws Exception {
        int gpus = DlMiniCluster.NODE_MANAGERS * DlMiniCluster.GPUS_PER_NODE;
        YarnException rejected = assertThrows(YarnException.class, () -> client.submit(DlMiniCluster.DL_QUEUE,
                DlJobs.allReduce("too-big", gpus + 1, gpus + 1, 10), ToyAmOptions.defaults()));

        // The client's submit call itself fails with the scheduler's reason; the RM records it too.
        String message = rejected.getMessage();
        assertTrue(message.contains("needs at least " + (gpus + 1) + " GPUs"), message);
        assertTrue(message.contains("the whole cluster has " + gpus + " GPUs"), message);
        ApplicationReport report = client.yarnClient().getApplications(Set.of("DEEP_LEARNING")).stream()
                .filter(app -> app.getName().equals("too-big")).findFirst().orElseThrow();
        assertEquals(YarnApplicationState.FAILED, report.getYarnApplicationState());
        assertTrue(report.getDiagnostics().contains("needs at least"), report.getDiagnostics());

        ApplicationId small = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("after-rejection", 1, 2, 30),
                ToyAmOptions.defaults());
        assertSucceeded(client.awaitState(small, TIMEOUT, YarnApplicationState.FINISHED));
    }

    @Test
    void skipsGarbageProgressRecordsAndTheJobStillFinishes() throws Exception {
        Path events = cluster().workDir().resolve("garbage.events");
        ApplicationId app = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("garbage", 1, 2, 150),
                ToyAmOptions.defaults().withEvents(events));
        ToyEventLog.await(events, TIMEOUT, log -> !log.of(Event.PROGRESS).isEmpty());
        DeepLearningScheduler scheduler = scheduler();
        long before = scheduler.recordRejections().orElseThrow().count(RejectionReason.MALFORMED_PROGRESS);

        // Written with the job's own credentials, as a buggy AM would: nobody else may write there.
        String progress = DlMiniCluster.ZK_ROOT + "/jobs/" + app + "/progress";
        // The toy AM logs a tick before it writes the tick's record: wait for the record itself.
        Poll.until("the job's first progress record", TIMEOUT,
                () -> cluster().curator().checkExists().forPath(progress) != null);
        AppZkCredentials own = new AppZkCredentials(app.toString(), client.secretOf(app));
        try (CuratorFramework asTheJob = CuratorFrameworkFactory.builder().connectString(cluster().zkConnect())
                .authorization(AppZkCredentials.SCHEME, own.authBytes()).retryPolicy(new RetryNTimes(3, 100)).build()) {
            asTheJob.start();
            asTheJob.setData().forPath(progress, "{not json at all".getBytes(StandardCharsets.UTF_8));
        }
        Poll.until("the garbage counted as MALFORMED_PROGRESS", TIMEOUT,
                () -> scheduler.recordRejections().orElseThrow().count(RejectionReason.MALFORMED_PROGRESS) > before);

        assertTrue(scheduler.recordRejections().orElseThrow().count(RejectionReason.MALFORMED_PROGRESS) > before);
        assertTrue(RmJmx.read(cluster().yarnConf()).value(ZooKeeperMetrics.SAMPLES_REJECTED).asLong() > 0,
                "the garbage shows in /jmx");
        assertSucceeded(client.awaitState(app, TIMEOUT, YarnApplicationState.FINISHED));
    }

    private static DeepLearningScheduler scheduler() {
        return (DeepLearningScheduler) cluster().resourceManager().getResourceScheduler();
    }

    private static void assertSucceeded(ApplicationReport report) {
        assertEquals(FinalApplicationStatus.SUCCEEDED, report.getFinalApplicationStatus(), report.getDiagnostics());
    }

    /** The smallest number of workers held at any event in [from, to]. */
    private static int minHeldBetween(ToyEventLog log, long from, long to) {
        return log.entries().stream().filter(e -> e.epochMillis() >= from && e.epochMillis() <= to)
                .mapToInt(ToyEventLog.Entry::heldWorkers).min().orElseThrow();
    }

    /** The largest number of workers held before {@code until}. */
    private static int maxHeldBefore(ToyEventLog log, long until) {
        return log.entries().stream().filter(e -> e.epochMillis() < until)
                .mapToInt(ToyEventLog.Entry::heldWorkers).max().orElseThrow();
    }

    /** The held-worker count each time it changed, in order. */
    private static List<Integer> sizeChanges(ToyEventLog log) {
        List<Integer> sizes = new ArrayList<>();
        for (ToyEventLog.Entry entry : log.entries()) {
            if (sizes.isEmpty() || sizes.get(sizes.size() - 1) != entry.heldWorkers()) {
                sizes.add(entry.heldWorkers());
            }
        }
        return sizes;
    }
}
