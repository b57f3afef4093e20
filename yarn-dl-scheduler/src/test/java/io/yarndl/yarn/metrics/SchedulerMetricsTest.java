package io.yarndl.yarn.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Snapshot;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.yarn.enforce.ShrinkEnforcer;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppState;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.junit.jupiter.api.Test;

class SchedulerMetricsTest {

    private static final MBeanServer JMX = ManagementFactory.getPlatformMBeanServer();

    @Test
    void dl2MetricsFollowServingAndFallingBack() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        Dl2Metrics dl2 = metrics.dl2();

        assertEquals(0, gauge(metrics, Dl2Metrics.SERVING), "no dl2 policy: not serving");
        dl2.serving("dl2-default@508511aeca2c");
        assertEquals(1, gauge(metrics, Dl2Metrics.SERVING));
        assertEquals("dl2-default@508511aeca2c", gauge(metrics, Dl2Metrics.MODEL));
        dl2.fellBack();
        dl2.fellBack();

        assertEquals(0, gauge(metrics, Dl2Metrics.SERVING));
        assertNull(gauge(metrics, Dl2Metrics.MODEL));
        assertEquals(2, metrics.registry().counter(Dl2Metrics.FALLBACKS).getCount());
        assertEquals(2, dl2.fallbacks());
        assertEquals(Optional.empty(), dl2.servingVersion());
    }

    @Test
    void publishesEveryMetricInTheYarnDlJmxDomainWhileStarted() throws Exception {
        SchedulerMetrics metrics = new SchedulerMetrics();
        metrics.dl2().serving("m@1");
        metrics.dl2().fellBack();
        metrics.dl2().serving("m@2");
        ObjectName serving = new ObjectName(SchedulerMetrics.JMX_DOMAIN, "name", Dl2Metrics.SERVING);
        ObjectName model = new ObjectName(SchedulerMetrics.JMX_DOMAIN, "name", Dl2Metrics.MODEL);
        ObjectName fallbacks = new ObjectName(SchedulerMetrics.JMX_DOMAIN, "name", Dl2Metrics.FALLBACKS);

        metrics.start();
        try {
            assertEquals(1, JMX.getAttribute(serving, "Value"));
            assertEquals("m@2", JMX.getAttribute(model, "Value"), "a text gauge is a plain JMX attribute");
            assertEquals(1L, JMX.getAttribute(fallbacks, "Count"));
        } finally {
            metrics.stop();
        }

        assertFalse(JMX.isRegistered(serving), "stopped: the next scheduler in this JVM may register its own");
        metrics.start();
        try {
            assertTrue(JMX.isRegistered(serving), "started again after a stop");
        } finally {
            metrics.stop();
        }
    }

    @Test
    void roundMetricsCountRoundsFailuresAndWhatJobsHold() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        RoundMetrics rounds = metrics.rounds();

        rounds.planned(2_000_000, 1_000_000);
        rounds.planned(4_000_000, -1);
        rounds.failed();
        rounds.timedOut();
        rounds.held(3, 2, 6);

        assertEquals(2, metrics.registry().timer(RoundMetrics.ROUNDS).getCount());
        assertEquals(3_000_000, metrics.registry().timer(RoundMetrics.ROUNDS).getSnapshot().getMean(), 1);
        assertEquals(1, metrics.registry().timer(RoundMetrics.ROUNDS_CPU).getCount(),
                "a round whose CPU time was not measured has no CPU sample");
        assertEquals(1_000_000, metrics.registry().timer(RoundMetrics.ROUNDS_CPU).getSnapshot().getMean(), 1);
        assertEquals(1, metrics.registry().counter(RoundMetrics.FAILED).getCount());
        assertEquals(1, metrics.registry().counter(RoundMetrics.TIMED_OUT).getCount());
        assertEquals(3, gauge(metrics, RoundMetrics.JOBS));
        assertEquals(2, gauge(metrics, RoundMetrics.RUNNING));
        assertEquals(6L, gauge(metrics, RoundMetrics.GPUS_HELD));
    }

    @Test
    void resizesCountJobsThePreviousPlanRanWhoseSizeRoseOrFell() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        Plan before = Plan.of(10, "optimus", List.of(running("grows", 1, 0), running("shrinks", 2, 1),
                running("same", 2, 0), JobPlan.waiting("starts", "queued")));
        Plan after = Plan.of(20, "optimus", List.of(running("grows", 2, 0), running("shrinks", 2, 0),
                running("same", 2, 0), running("starts", 3, 0), running("new", 1, 0)));

        metrics.rounds().resized(before, after);

        assertEquals(1, metrics.registry().counter(RoundMetrics.GROWS).getCount());
        assertEquals(1, metrics.registry().counter(RoundMetrics.SHRINKS).getCount(),
                "a first start (from waiting or new) is not a resize");
    }

    @Test
    void jobsWaitingAreTheJobsHoldingNoTaskContainer() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        metrics.rounds().held(5, 3, 6);
        assertEquals(2, gauge(metrics, RoundMetrics.WAITING));
    }

    @Test
    void preemptionsAndKillsAreCountedAsTheyAreSentAndEachKillTimesTheGraceItGave() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        List<String> sent = new ArrayList<>();
        ShrinkEnforcer.Actions counted = metrics.enforcement().counting(new ShrinkEnforcer.Actions() {
            @Override
            public void markForPreemption(ApplicationAttemptId attempt, RMContainer container) {
                sent.add("preempt");
            }

            @Override
            public void kill(ApplicationAttemptId attempt, RMContainer container, Duration sinceMarked) {
                sent.add("kill");
            }
        });

        counted.markForPreemption(null, null);
        counted.markForPreemption(null, null);
        counted.kill(null, null, Duration.ofMillis(3_200));

        assertEquals(List.of("preempt", "preempt", "kill"), sent, "the real actions still run");
        assertEquals(2, metrics.registry().counter(EnforcementMetrics.PREEMPTIONS).getCount());
        assertEquals(1, metrics.registry().counter(EnforcementMetrics.KILLS).getCount());
        Snapshot grace = metrics.registry().timer(EnforcementMetrics.MARK_TO_KILL).getSnapshot();
        assertEquals(Duration.ofMillis(3_200).toNanos(), grace.getMin(), "the timer holds the time from mark to kill");
    }

    @Test
    void jobOutcomesCountWhatTheAmReportedAndTheRmStateOnlyWhenItReportedNothing() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        JobOutcomeMetrics outcomes = metrics.outcomes();
        outcomes.ended(RMAppState.FINISHED, FinalApplicationStatus.SUCCEEDED);
        outcomes.ended(RMAppState.FINISHED, FinalApplicationStatus.SUCCEEDED);
        outcomes.ended(RMAppState.FINISHED, FinalApplicationStatus.FAILED);
        outcomes.ended(RMAppState.FAILED, FinalApplicationStatus.UNDEFINED);
        outcomes.ended(RMAppState.KILLED, null);
        outcomes.ended(RMAppState.KILLED, FinalApplicationStatus.KILLED);
        outcomes.ended(RMAppState.RUNNING, null);
        outcomes.ended(null, null);

        assertEquals(2, metrics.registry().counter(JobOutcomeMetrics.SUCCEEDED).getCount());
        assertEquals(2, metrics.registry().counter(JobOutcomeMetrics.FAILED).getCount(),
                "an AM that unregistered FAILED leaves its application FINISHED: still a failed job");
        assertEquals(2, metrics.registry().counter(JobOutcomeMetrics.KILLED).getCount());
    }

    @Test
    void zooKeeperMetricsReadZeroBeforeTheSchedulerNamesItsState() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        for (String name : List.of(ZooKeeperMetrics.WRITES, ZooKeeperMetrics.WRITE_FAILURES,
                ZooKeeperMetrics.SAMPLES_ACCEPTED, ZooKeeperMetrics.SAMPLES_REJECTED)) {
            assertEquals(0L, gauge(metrics, name), name);
        }
        assertEquals(0, gauge(metrics, ZooKeeperMetrics.JOB_NODES_PENDING));
    }

    @Test
    void dl2InferenceIsTimedPerNetworkCall() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        metrics.dl2().inferred(200_000);
        metrics.dl2().inferred(400_000);
        assertEquals(2, metrics.registry().timer(Dl2Metrics.INFERENCE).getCount());
        assertEquals(300_000, metrics.registry().timer(Dl2Metrics.INFERENCE).getSnapshot().getMean(), 1);
    }

    private static JobPlan running(String id, int workers, int ps) {
        return JobPlan.placed(id, new Allocation(Map.of("n1", new TaskCount(workers, ps))), "test");
    }

    private static Object gauge(SchedulerMetrics metrics, String name) {
        Gauge<?> gauge = metrics.registry().getGauges().get(name);
        return gauge.getValue();
    }
}
