package io.yarndl.it.scheduler;

import io.yarndl.it.cluster.DlMiniCluster;
import io.yarndl.it.toyam.ToyAmOptions;
import io.yarndl.it.toyam.ToyEventLog;
import io.yarndl.it.toyam.ToyEventLog.Event;
import io.yarndl.it.toyam.ToyJobClient;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.round.PlanBook;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two-job scenario every shipped policy runs in a real ResourceManager: job "big" (1 to 6
 * one-GPU workers, asks for 6) and, once it trains, job "small" (2 to 4, asks for 4) on 8 GPUs.
 * Each subclass names a policy and says what that policy must have done; common to all: both jobs
 * finish, the scheduler ran that very policy class from scheduler-core, and no job ever held more
 * workers than the plan gave it.
 */
abstract class TwoJobsUnderPolicy {

    static final Duration TIMEOUT = Duration.ofSeconds(180);

    DlMiniCluster cluster;
    ToyJobClient client;
    ToyEventLog big;
    ToyEventLog small;

    /** The policy under test, as operators name it in yarn.dl.scheduler.policy. */
    abstract String policy();

    /** What this policy must have done with the two jobs, from their event logs and the plan history. */
    abstract void assertPolicyBehaviour(List<PlanBook.TargetChange> history, String bigId, String smallId);

    @BeforeEach
    void startCluster() throws Exception {
        cluster = DlMiniCluster.start(conf -> {
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
        ApplicationId bigId = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("big", 1, 6, 6, 600),
                ToyAmOptions.defaults().withEvents(bigEvents));
        ToyEventLog.await(bigEvents, TIMEOUT, log -> log.contains(Event.PROGRESS));
        ApplicationId smallId = client.submit(DlMiniCluster.DL_QUEUE, DlJobs.allReduce("small", 2, 4, 4, 300),
                ToyAmOptions.defaults().withEvents(smallEvents));

        for (ApplicationId id : List.of(bigId, smallId)) {
            assertEquals(FinalApplicationStatus.SUCCEEDED,
                    client.awaitState(id, TIMEOUT, YarnApplicationState.FINISHED).getFinalApplicationStatus());
        }
        big = ToyEventLog.read(bigEvents);
        small = ToyEventLog.read(smallEvents);
        DeepLearningScheduler scheduler = (DeepLearningScheduler) cluster.resourceManager().getResourceScheduler();
        List<PlanBook.TargetChange> history = scheduler.planBook().history();

        assertEquals(policy(), scheduler.planBook().current().policy());
        assertTrue(big.maxHeldWorkers() <= maxPlanned(history, bigId.toString()), "big held more than planned: " + history);
        assertTrue(small.maxHeldWorkers() <= maxPlanned(history, smallId.toString()), "small held more than planned");
        assertPolicyBehaviour(history, bigId.toString(), smallId.toString());
        System.out.printf("%s: big held at most %d workers, small %d; plan changes: %s%n", policy(),
                big.maxHeldWorkers(), small.maxHeldWorkers(), history);
    }

    static int maxPlanned(List<PlanBook.TargetChange> history, String jobId) {
        return history.stream().filter(c -> c.jobId().equals(jobId)).mapToInt(PlanBook.TargetChange::workers)
                .max().orElse(0);
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
