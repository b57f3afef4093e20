package io.yarndl.it.scheduler;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.metrics.Dl2Metrics;
import io.yarndl.yarn.metrics.EnforcementMetrics;
import io.yarndl.yarn.metrics.JobOutcomeMetrics;
import io.yarndl.yarn.metrics.RoundMetrics;
import io.yarndl.yarn.metrics.ZooKeeperMetrics;
import io.yarndl.yarn.round.PlanBook;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two-job scenario every shipped policy runs in a real ResourceManager: job "big" (1 to 6
 * one-GPU workers, asks for 6) and, once it trains, job "small" (2 to 4, asks for 4) on 8 GPUs,
 * all-reduce jobs unless a policy for parameter-server jobs submits its own ({@link #bigJob()}).
 * Each subclass names a policy and says what that policy must have done; common to all: both jobs
 * finish, the scheduler ran that very policy class from scheduler-core, no job ever held more
 * workers than the plan gave it, and the RM's {@code /jmx} shows the scheduler's metrics with
 * values that agree with all this.
 */
abstract class TwoJobsUnderPolicy {

    static final Duration TIMEOUT = Duration.ofSeconds(300);
    /** Most size changes a goodput policy may make of one job in this scenario (see {@link #sizeChanges}). */
    static final long MAX_SIZE_CHANGES = 6;

    DlMiniCluster cluster;
    ToyJobClient client;
    ToyEventLog big;
    ToyEventLog small;

    /** The policy under test, as operators name it in yarn.dl.scheduler.policy. */
    abstract String policy();

    /** What this policy must have done with the two jobs, from their event logs and the plan history. */
    abstract void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId);

    /**
     * The first job: 1 to 6 workers, asks for 6, 1,200 steps: long enough that "small" is still
     * submitted, launched and registered while it trains when the machine is loaded (at 600 steps,
     * with two test classes side by side and other work on 2 cores, "big" once finished before
     * small's AM had registered, and "small ran beside big" could not be judged).
     */
    JobDescription bigJob() {
        return DlJobs.allReduce("big", 1, 6, 6, 1200);
    }

    /** The second job, submitted once the first trains: 2 to 4 workers, asks for 4, 300 steps. */
    JobDescription smallJob() {
        return DlJobs.allReduce("small", 2, 4, 4, 300);
    }

    /** The toy AM's options for the first job; its speed on each GPU type, say. */
    ToyAmOptions bigAm() {
        return ToyAmOptions.defaults();
    }

    /** The toy AM's options for the second job. */
    ToyAmOptions smallAm() {
        return ToyAmOptions.defaults();
    }

    /**
     * The cluster, with {@code schedulerConf} (the policy, rounds every 500 ms) among its
     * configuration: the mini cluster's two NodeManagers of four GPUs unless a policy needs nodes of
     * its own (GPU types, say), which it then stops in an {@code @AfterEach} of its own.
     */
    DlMiniCluster startCluster(Consumer<Configuration> schedulerConf) throws Exception {
        return DlMiniCluster.start(schedulerConf);
    }

    @BeforeEach
    void startCluster() throws Exception {
        cluster = startCluster(conf -> {
            conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
            conf.set(SchedulerSettings.POLICY, policy());
            conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
            conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 1_000);
        });
        client = ToyJobClient.on(cluster);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void runsTwoJobsToCompletionWithTheSizesItsPlansGive() throws Exception {
        Path bigEvents = cluster.workDir().resolve("big.events");
        Path smallEvents = cluster.workDir().resolve("small.events");
        ApplicationId bigId = client.submit(DlMiniCluster.DL_QUEUE, bigJob(), bigAm().withEvents(bigEvents));
        ToyEventLog.await(bigEvents, TIMEOUT, log -> log.contains(Event.PROGRESS));
        ApplicationId smallId = client.submit(DlMiniCluster.DL_QUEUE, smallJob(), smallAm().withEvents(smallEvents));

        for (ApplicationId id : List.of(bigId, smallId)) {
            assertEquals(FinalApplicationStatus.SUCCEEDED,
                    client.awaitState(id, TIMEOUT, YarnApplicationState.FINISHED).getFinalApplicationStatus());
        }
        big = ToyEventLog.read(bigEvents);
        small = ToyEventLog.read(smallEvents);
        DeepLearningScheduler scheduler = (DeepLearningScheduler) cluster.resourceManager().getResourceScheduler();
        List<PlanBook.TargetChange> history = scheduler.planBook().history();
        // Before the checks, so a failing run still shows what the policy did.
        System.out.printf("%s: big held at most %d workers, small %d; plan changes: %s%n", policy(),
                big.maxHeldWorkers(), small.maxHeldWorkers(), history);

        assertEquals(policy(), scheduler.planBook().current().policy());
        assertTrue(big.maxHeldWorkers() <= maxPlanned(history, bigId.toString()), "big held more than planned: " + history);
        assertTrue(small.maxHeldWorkers() <= maxPlanned(history, smallId.toString()), "small held more than planned");
        assertPolicyBehaviour(history, bigId.toString(), smallId.toString());
        assertMetricsOverHttp(() -> scheduler.planBook().history());
    }

    /**
     * What an operator's monitoring reads in the RM's {@code /jmx} once both jobs ended: every
     * documented metric is there, and the values agree with what happened (two jobs succeeded, the
     * AMs' samples were taken, checkpoints were written, and the resize counters match the plan
     * history's changes of running jobs).
     */
    private void assertMetricsOverHttp(Supplier<List<PlanBook.TargetChange>> plans) throws Exception {
        RmJmx jmx = awaitJmx(m -> m.count(JobOutcomeMetrics.SUCCEEDED) == 2 && m.value(RoundMetrics.JOBS).asInt() == 0);
        // Read once no job is left: a round between an application's end and its removal may still
        // change its target (to its minimum, say), and the counters include that change.
        List<PlanBook.TargetChange> history = plans.get();
        for (String metric : List.of(RoundMetrics.ROUNDS, RoundMetrics.FAILED, RoundMetrics.TIMED_OUT, RoundMetrics.JOBS,
                RoundMetrics.RUNNING, RoundMetrics.WAITING, RoundMetrics.GPUS_HELD, RoundMetrics.GROWS,
                RoundMetrics.SHRINKS, EnforcementMetrics.PREEMPTIONS, EnforcementMetrics.KILLS,
                EnforcementMetrics.MARK_TO_KILL, EnforcementMetrics.RESERVATIONS_CANCELLED,
                JobOutcomeMetrics.SUCCEEDED, JobOutcomeMetrics.FAILED, JobOutcomeMetrics.KILLED,
                ZooKeeperMetrics.WRITES, ZooKeeperMetrics.WRITE_FAILURES, ZooKeeperMetrics.WRITE_CONFLICTS,
                ZooKeeperMetrics.CHECKPOINT_BYTES, ZooKeeperMetrics.CHECKPOINTS_REJECTED,
                ZooKeeperMetrics.JOB_NODES_PENDING, ZooKeeperMetrics.SAMPLES_ACCEPTED, ZooKeeperMetrics.SAMPLES_REJECTED,
                ZooKeeperMetrics.SPECS_REJECTED, Dl2Metrics.FALLBACKS, Dl2Metrics.SERVING, Dl2Metrics.INFERENCE)) {
            jmx.bean(metric);
        }
        assertTrue(jmx.count(RoundMetrics.ROUNDS) > 10, "rounds every 500 ms: " + jmx);
        assertTrue(jmx.bean(RoundMetrics.ROUNDS).get("Mean").asDouble() > 0, jmx.toString());
        assertEquals(0, jmx.count(RoundMetrics.FAILED) + jmx.count(RoundMetrics.TIMED_OUT), jmx.toString());
        assertEquals(0, jmx.value(RoundMetrics.RUNNING).asInt() + jmx.value(RoundMetrics.GPUS_HELD).asInt(),
                "nothing runs any more: " + jmx);
        assertEquals(0, jmx.count(JobOutcomeMetrics.FAILED) + jmx.count(JobOutcomeMetrics.KILLED), jmx.toString());
        assertTrue(jmx.value(ZooKeeperMetrics.SAMPLES_ACCEPTED).asLong() > 0, "the AMs reported progress: " + jmx);
        assertEquals(0, jmx.value(ZooKeeperMetrics.SAMPLES_REJECTED).asLong(), jmx.toString());
        assertTrue(jmx.value(ZooKeeperMetrics.WRITES).asLong() > 0, "checkpoints were written: " + jmx);
        assertTrue(jmx.value(ZooKeeperMetrics.CHECKPOINT_BYTES).asLong() > 0, jmx.toString());
        assertEquals(0, jmx.value(ZooKeeperMetrics.WRITE_FAILURES).asLong(), jmx.toString());
        assertEquals(resizes(history, +1), jmx.count(RoundMetrics.GROWS), "grows against " + history);
        assertEquals(resizes(history, -1), jmx.count(RoundMetrics.SHRINKS), "shrinks against " + history);
        assertTrue(jmx.count(EnforcementMetrics.PREEMPTIONS) >= jmx.count(EnforcementMetrics.KILLS), jmx.toString());
        System.out.printf("%s: /jmx after two jobs: rounds %d (mean %.2f ms), grows %d, shrinks %d, preemptions %d,"
                        + " kills %d, samples %d, checkpoint writes %d%n", policy(), jmx.count(RoundMetrics.ROUNDS),
                jmx.bean(RoundMetrics.ROUNDS).get("Mean").asDouble(), jmx.count(RoundMetrics.GROWS),
                jmx.count(RoundMetrics.SHRINKS), jmx.count(EnforcementMetrics.PREEMPTIONS),
                jmx.count(EnforcementMetrics.KILLS), jmx.value(ZooKeeperMetrics.SAMPLES_ACCEPTED).asLong(),
                jmx.value(ZooKeeperMetrics.WRITES).asLong());
    }

    /** Changes in the history of a job that already ran, in the direction of {@code sign}. */
    private static long resizes(List<PlanBook.TargetChange> history, int sign) {
        Map<String, PlanBook.TargetChange> last = new HashMap<>();
        long count = 0;
        for (PlanBook.TargetChange change : history) {
            PlanBook.TargetChange before = last.put(change.jobId(), change);
            if (before != null && before.workers() > 0) {
                int delta = change.workers() + change.ps() - before.workers() - before.ps();
                count += Integer.signum(delta) == sign ? 1 : 0;
            }
        }
        return count;
    }

    private RmJmx awaitJmx(Predicate<RmJmx> ready) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        RmJmx jmx = RmJmx.read(cluster.yarnConf());
        while (!ready.test(jmx) && System.nanoTime() < deadline) {
            Thread.sleep(250);
            jmx = RmJmx.read(cluster.yarnConf());
        }
        return jmx;
    }

    /**
     * How many times the plans changed the worker count of {@code jobId} once it ran (to none
     * included): what a goodput policy flipping a job between sizes round after round runs up.
     */
    static long sizeChanges(List<PlanBook.TargetChange> history, String jobId) {
        long changes = 0;
        int before = 0;
        for (PlanBook.TargetChange change : history) {
            if (change.jobId().equals(jobId)) {
                changes += before > 0 && change.workers() != before ? 1 : 0;
                before = change.workers();
            }
        }
        return changes;
    }

    static int maxPlanned(List<PlanBook.TargetChange> history, String jobId) {
        return history.stream().filter(c -> c.jobId().equals(jobId)).mapToInt(PlanBook.TargetChange::workers)
                .max().orElse(0);
    }

    /**
     * The sizes the plans gave a job (workers above 0) before its AM met its goal: afterwards a job
     * has no steps to go, and a goodput policy may plan it anyhow until it leaves.
     */
    static List<PlanBook.TargetChange> sizedWhileTraining(List<PlanBook.TargetChange> history, String jobId,
                                                          ToyEventLog log) {
        long goalMet = log.of(Event.PROGRESS).get(log.of(Event.PROGRESS).size() - 1).epochMillis();
        return history.stream().filter(c -> c.jobId().equals(jobId) && c.workers() > 0 && c.timeSec() * 1000 < goalMet)
                .toList();
    }

    /** When a job's first worker started. */
    static long firstStart(ToyEventLog log) {
        return log.of(Event.STARTED).get(0).epochMillis();
    }

    /** When a job met its goal. */
    static long finish(ToyEventLog log) {
        return log.of(Event.FINISHED).get(0).epochMillis();
    }
}
