package io.yarndl.yarn.metrics;

import com.codahale.metrics.JmxReporter;
import com.codahale.metrics.MetricRegistry;

/**
 * The scheduler's metrics: one Dropwizard {@link MetricRegistry} per scheduler instance, published
 * while the scheduler runs through a {@link JmxReporter} in the JMX domain {@value #JMX_DOMAIN}, so
 * that every metric is an MBean {@code yarn-dl:name=<metric>} of the RM's JVM and shows in its
 * {@code /jmx} servlet ({@code http://<rm>:8088/jmx?qry=yarn-dl:*}): a counter's value is its
 * {@code Count} attribute, a gauge's its {@code Value}.
 *
 * <p>It is Dropwizard Metrics 3.2.4, the copy the ResourceManager ships, not a bundled one. Each
 * concern registers its own metrics in a class of its own, reached from here ({@link #dl2()}, {@link #rounds()}, ...);
 * a new concern adds a class beside {@link Dl2Metrics} and an accessor, nothing more.
 *
 * <p>Metrics may be recorded before {@link #start()} (the policy is built at init) and are
 * published from then on. After {@link #stop()} the MBeans are gone, so that the next scheduler in
 * the same JVM (an RM restart, a failover) registers its own under the same names.
 */
public final class SchedulerMetrics {

    /** The JMX domain of every yarn-dl metric. */
    public static final String JMX_DOMAIN = "yarn-dl";

    private final MetricRegistry registry = new MetricRegistry();
    private final Dl2Metrics dl2 = new Dl2Metrics(registry);
    private final MarlMetrics marl = new MarlMetrics(registry);
    private final RoundMetrics rounds = new RoundMetrics(registry);
    private final EnforcementMetrics enforcement = new EnforcementMetrics(registry);
    private final JobOutcomeMetrics outcomes = new JobOutcomeMetrics(registry);
    private final ZooKeeperMetrics zooKeeper = new ZooKeeperMetrics(registry);
    private JmxReporter reporter;

    /** Registers every metric as an MBean in the platform MBean server; again after a stop, a fresh reporter. */
    public synchronized void start() {
        if (reporter == null) {
            reporter = JmxReporter.forRegistry(registry).inDomain(JMX_DOMAIN).build();
            reporter.start();
        }
    }

    /** Unregisters the MBeans; the values are kept. */
    public synchronized void stop() {
        if (reporter != null) {
            reporter.stop();
            reporter = null;
        }
    }

    /** The registry every metric lives in, for readers that want them all (tests, a REST view). */
    public MetricRegistry registry() {
        return registry;
    }

    /** The rounds (count, time, failures) and what the DL jobs hold. */
    public RoundMetrics rounds() {
        return rounds;
    }

    /** Preemptions sent to AMs and containers killed after the grace period. */
    public EnforcementMetrics enforcement() {
        return enforcement;
    }

    /** How the DL jobs ended. */
    public JobOutcomeMetrics outcomes() {
        return outcomes;
    }

    /** Checkpoint writes, job nodes, progress samples accepted and rejected. */
    public ZooKeeperMetrics zooKeeper() {
        return zooKeeper;
    }

    /** DL2's model: fallbacks, whether a model serves, which, and its inference latency. */
    public Dl2Metrics dl2() {
        return dl2;
    }

    /** The {@code marl} placement's model: fallbacks, whether a model serves, and which. */
    public MarlMetrics marl() {
        return marl;
    }
}
