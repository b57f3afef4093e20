package io.yarndl.it.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.MiniClusterExtension;
import io.yarndl.it.support.Poll;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.round.PlanBook;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.SleepJob;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerExitStatus;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Proves that the scheduler plans deep-learning jobs within what CapacityScheduler grants their
 * queue, in one MiniYARNCluster (two NodeManagers of 4 GPUs, 8 vcores, 16 GiB) whose queues are
 * {@code default} 30%, {@code dl} 60% (maximum 75%) and {@code teams} 10% (maximum 25%), whose one
 * leaf {@code teamb} (100% of it) is read under that parent; {@code dl} and {@code teamb} are DL
 * queues under {@code optimus}, with CapacityScheduler's own preemption monitor on. Tests run in
 * order on the same jobs:
 * <ol>
 * <li>a DL job of up to 8 one-GPU workers in {@code dl} is planned at 6, the queue's maximum, holds
 * what it is planned, and leaves no ask pending in the queue;</li>
 * <li>a MapReduce job in {@code default} that needs more memory than is free gets its share back:
 * the plan shrinks the DL job, whose ApplicationMaster sees the preemption message and releases
 * the container itself before any kill, and the MapReduce job completes;</li>
 * <li>a second DL job in {@code teamb} is planned within that queue's 2 GPUs while the first keeps
 * its 6: each DL queue's room is divided among its own jobs.</li>
 * </ol>
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PlansWithinQueueCapacityTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);
    private static final String TEAMS = "teams";
    private static final String TEAM_B = "teamb";
    private static final String CS = "yarn.scheduler.capacity.root.";
    /** 1 GPU, 1 vcore, 3840 MB: six fill 75% of the GPUs and leave little memory for other queues. */
    private static final Resources WORKER = Resources.of(1, 1, 3_840);

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.start(conf -> {
        conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
        conf.set(SchedulerSettings.POLICY, "optimus");
        conf.set(SchedulerSettings.QUEUES, "root.dl,root." + TEAMS + "." + TEAM_B);
        conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 3_000);
        conf.set(CS + "queues", "default,dl," + TEAMS);
        conf.set(CS + "default.capacity", "30");
        conf.set(CS + "dl.capacity", "60");
        conf.set(CS + "dl.maximum-capacity", "75");
        conf.set(CS + TEAMS + ".capacity", "10");
        conf.set(CS + TEAMS + ".maximum-capacity", "25");
        conf.set(CS + TEAMS + ".queues", TEAM_B);
        conf.set(CS + TEAMS + "." + TEAM_B + ".capacity", "100");
        conf.set(CS + TEAMS + "." + TEAM_B + ".user-limit-factor", "10");
        conf.setBoolean(YarnConfiguration.RM_SCHEDULER_ENABLE_MONITORS, true);
        conf.setLong("yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval", 1_000);
        conf.setLong("yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill", 10_000);
    }));
    private static ToyJobClient client;
    private static ApplicationId wide;
    private static Path wideEvents;

    @BeforeAll
    static void openClient() {
        client = ToyJobClient.on(CLUSTER.get());
    }

    @AfterAll
    static void closeClient() throws Exception {
        if (client != null) {
            client.close();
        }
    }

    @Test
    @Order(1)
    void plansAJobOnlyUpToItsQueuesMaximumCapacityAndItGetsAllItIsPlanned() throws Exception {
        wideEvents = CLUSTER.get().workDir().resolve("wide.events");
        wide = client.submit(DlMiniCluster.DL_QUEUE, job("wide", 8),
                ToyAmOptions.defaults().withEvents(wideEvents).withSpeed(5, 0.05));

        awaitSettled(wide, wideEvents, 6);

        assertEquals(6, maxPlanned(wide), "75% of 8 GPUs; history " + book().history());
        assertEquals(0, scheduler().getQueue(DlMiniCluster.DL_QUEUE).getQueueResourceUsage().getPending().getMemorySize(),
                "no ask of the DL queue waits for what CapacityScheduler will not grant");
    }

    @Test
    @Order(2)
    void aMapReduceJobInDefaultGetsItsShareBackAndTheDlJobShrinksByReleasingAfterThePreemptionMessage()
            throws Exception {
        long submitted = System.currentTimeMillis();
        Configuration conf = new Configuration(CLUSTER.get().yarnCluster().getConfig());
        conf.set(MRJobConfig.QUEUE_NAME, DlMiniCluster.DEFAULT_QUEUE);
        conf.set(MRJobConfig.MAPREDUCE_APPLICATION_CLASSPATH,
                String.join(",", System.getProperty("java.class.path").split(File.pathSeparator)));
        conf.setInt(MRJobConfig.MR_AM_VMEM_MB, 1_536);
        conf.setInt(MRJobConfig.MAP_MEMORY_MB, 3_072);
        SleepJob sleep = new SleepJob();
        sleep.setConf(conf);
        // Three maps of 3 GiB and the AM need 10.5 GiB; about 9 GiB are free while the DL job holds its 6 workers.
        Job job = sleep.createJob(3, 1, 5_000, 1, 500, 1);

        assertTrue(job.waitForCompletion(true), "the MapReduce sleep job failed: " + job.getStatus().getFailureInfo());

        assertTrue(book().history().stream().anyMatch(c -> c.jobId().equals(wide.toString())
                && c.timeSec() * 1000 >= submitted && c.workers() < 6),
                "the plan shrank the DL job while the MapReduce job waited: " + book().history());
        ToyEventLog log = ToyEventLog.read(wideEvents);
        List<ToyEventLog.Entry> ended = log.of(Event.COMPLETED).stream()
                .filter(e -> e.epochMillis() >= submitted).toList();
        assertTrue(!ended.isEmpty(), "the DL job gave a container back:\n" + log.format());
        for (ToyEventLog.Entry end : ended) {
            String id = end.containerId();
            long warned = log.first(Event.PREEMPT_REQUESTED, id).orElseThrow(
                    () -> new AssertionError(id + " ended without a preemption message:\n" + log.format())).epochMillis();
            long released = log.first(Event.RELEASED, id).orElseThrow(
                    () -> new AssertionError(id + " was not released by its AM:\n" + log.format())).epochMillis();
            assertTrue(warned <= released && released <= end.epochMillis(), log.format());
            assertTrue(end.exitStatus() != ContainerExitStatus.PREEMPTED, id + " was killed:\n" + log.format());
        }
        awaitSettled(wide, wideEvents, 6);
    }

    @Test
    @Order(3)
    void dividesEachDlQueuesRoomAmongItsOwnJobs() throws Exception {
        Path events = CLUSTER.get().workDir().resolve("teamb.events");
        ApplicationId teamJob = client.submit(TEAM_B, job("team-b", 8),
                ToyAmOptions.defaults().withEvents(events).withSpeed(5, 0.05));

        awaitSettled(teamJob, events, 2);
        awaitSettled(wide, wideEvents, 6);

        assertEquals(2, maxPlanned(teamJob), "25% of 8 GPUs; history " + book().history());
        assertEquals(6, book().target(wide.toString()).workers());
        client.yarnClient().killApplication(teamJob);
        client.yarnClient().killApplication(wide);
    }

    private static JobDescription job(String name, int maxWorkers) {
        return new JobDescription(name, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, WORKER,
                Resources.ZERO, 1, maxWorkers, 0, 0, 1, 0, 64, TrainingGoal.steps(10_000_000));
    }

    /** Waits until the plan gives {@code app} {@code workers} and its AM holds them. */
    private static void awaitSettled(ApplicationId app, Path events, int workers) throws Exception {
        Poll.until(app + " planned at " + workers + " and holding them", TIMEOUT, Poll.INTERVAL,
                () -> book().target(app.toString()).workers() == workers && held(events) == workers,
                () -> "plan " + book().target(app.toString()) + ", held " + held(events) + ", history " + book().history());
    }

    private static int held(Path events) {
        try {
            List<ToyEventLog.Entry> entries = ToyEventLog.read(events).entries();
            return entries.isEmpty() ? 0 : entries.get(entries.size() - 1).heldWorkers();
        } catch (java.io.IOException notYet) {
            return 0;
        }
    }

    private static int maxPlanned(ApplicationId app) {
        return book().history().stream().filter(c -> c.jobId().equals(app.toString()))
                .mapToInt(PlanBook.TargetChange::workers).max().orElse(0);
    }

    private static PlanBook book() {
        return scheduler().planBook();
    }

    private static DeepLearningScheduler scheduler() {
        return (DeepLearningScheduler) CLUSTER.get().resourceManager().getResourceScheduler();
    }
}
