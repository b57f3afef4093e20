package io.yarndl.yarn.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.yarn.jobs.RecordRejections;
import io.yarndl.yarn.jobs.RejectionReason;
import io.yarndl.yarn.recovery.ZooKeeperState;
import io.yarndl.yarn.state.StateStoreCounters;

import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * What the scheduler wrote to and read from ZooKeeper, as gauges over the counters the state store
 * and the job-record watcher keep anyway (so nothing is counted twice):
 * <ul>
 *   <li>{@value #WRITES}, {@value #WRITE_FAILURES}, {@value #WRITE_CONFLICTS}: checkpoints stored,
 *       writes ZooKeeper failed (retried), writes lost to another scheduler (a failover).</li>
 *   <li>{@value #CHECKPOINT_BYTES}: compressed size of the last checkpoint, against the znode limit.</li>
 *   <li>{@value #CHECKPOINTS_REJECTED}: checkpoints found unreadable on takeover, and skipped.</li>
 *   <li>{@value #JOB_NODES_PENDING}: job nodes whose creation waits for ZooKeeper.</li>
 *   <li>{@value #SAMPLES_ACCEPTED}, {@value #SAMPLES_REJECTED}: progress samples from AMs taken, and
 *       skipped as unreadable, unusable (NaN, negative) or going backwards; {@value #SPECS_REJECTED}:
 *       job specs skipped as unreadable.</li>
 * </ul>
 * All read 0 until {@link #watch} names the scheduler's ZooKeeper state, and the sample counts
 * until ZooKeeper was first reached.
 */
public final class ZooKeeperMetrics {

    public static final String WRITES = "zk.checkpoint.writes";
    public static final String WRITE_FAILURES = "zk.checkpoint.write-failures";
    public static final String WRITE_CONFLICTS = "zk.checkpoint.write-conflicts";
    public static final String CHECKPOINT_BYTES = "zk.checkpoint.bytes";
    public static final String CHECKPOINTS_REJECTED = "zk.checkpoint.rejected";
    public static final String JOB_NODES_PENDING = "zk.job-nodes.pending";
    public static final String SAMPLES_ACCEPTED = "samples.accepted";
    public static final String SAMPLES_REJECTED = "samples.rejected";
    public static final String SPECS_REJECTED = "specs.rejected";

    private volatile ZooKeeperState state;

    ZooKeeperMetrics(MetricRegistry registry) {
        store(registry, WRITES, StateStoreCounters::writes);
        store(registry, WRITE_FAILURES, StateStoreCounters::failedWrites);
        store(registry, WRITE_CONFLICTS, StateStoreCounters::conflicts);
        store(registry, CHECKPOINT_BYTES, StateStoreCounters::lastWriteBytes);
        store(registry, CHECKPOINTS_REJECTED,
                counters -> counters.rejections().values().stream().mapToLong(Long::longValue).sum());
        registry.register(JOB_NODES_PENDING, (Gauge<Integer>) () -> state == null ? 0 : state.jobNodes().pending().size());
        records(registry, SAMPLES_ACCEPTED, JobRecordWatcher::acceptedSamples);
        records(registry, SAMPLES_REJECTED, watcher -> {
            RecordRejections rejections = watcher.rejections();
            return rejections.total() - rejections.count(RejectionReason.MALFORMED_SPEC);
        });
        records(registry, SPECS_REJECTED, watcher -> watcher.rejections().count(RejectionReason.MALFORMED_SPEC));
    }

    /** From now on the gauges read {@code zooKeeper}'s counters. */
    public void watch(ZooKeeperState zooKeeper) {
        state = zooKeeper;
    }

    private void store(MetricRegistry registry, String name, ToLongFunction<StateStoreCounters> read) {
        registry.register(name, (Gauge<Long>) () -> state == null ? 0L : read.applyAsLong(state.storeCounters()));
    }

    private void records(MetricRegistry registry, String name, ToLongFunction<JobRecordWatcher> read) {
        registry.register(name, (Gauge<Long>) () -> {
            Optional<JobRecordWatcher> watcher = state == null ? Optional.empty() : state.records();
            return watcher.map(read::applyAsLong).orElse(0L);
        });
    }
}
