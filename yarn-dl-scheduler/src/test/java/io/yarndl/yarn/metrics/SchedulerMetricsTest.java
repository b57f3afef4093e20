package io.yarndl.yarn.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import java.lang.management.ManagementFactory;
import java.util.Optional;
import javax.management.MBeanServer;
import javax.management.ObjectName;
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

        rounds.planned(2_000_000);
        rounds.planned(4_000_000);
        rounds.failed();
        rounds.timedOut();
        rounds.held(3, 2, 6);

        assertEquals(2, metrics.registry().timer(RoundMetrics.ROUNDS).getCount());
        assertEquals(3_000_000, metrics.registry().timer(RoundMetrics.ROUNDS).getSnapshot().getMean(), 1);
        assertEquals(1, metrics.registry().counter(RoundMetrics.FAILED).getCount());
        assertEquals(1, metrics.registry().counter(RoundMetrics.TIMED_OUT).getCount());
        assertEquals(3, gauge(metrics, RoundMetrics.JOBS));
        assertEquals(2, gauge(metrics, RoundMetrics.RUNNING));
        assertEquals(6L, gauge(metrics, RoundMetrics.GPUS_HELD));
    }

    private static Object gauge(SchedulerMetrics metrics, String name) {
        Gauge<?> gauge = metrics.registry().getGauges().get(name);
        return gauge.getValue();
    }
}
