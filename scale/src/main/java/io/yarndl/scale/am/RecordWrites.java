package io.yarndl.scale.am;

import io.yarndl.scale.run.HarnessMetrics;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One DL job's ZooKeeper writes, in order, on the run's writer threads rather than its heartbeat
 * thread: as in the real AM, whose progress writes do not hold up its RM heartbeats. A write is a
 * synchronous ZooKeeper call that waits for the server's fsync; on the harness's few timer threads,
 * a slow one would delay every NodeManager and AM heartbeat behind it and make the harness, not
 * the RM, the limit. A write that fails is counted as an error; the next still runs.
 */
final class RecordWrites {

    /** A write that may throw ZooKeeper's exceptions. */
    @FunctionalInterface
    interface Write {
        void run() throws Exception;
    }

    private final Executor writers;
    private final HarnessMetrics metrics;
    private final String job;
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    RecordWrites(Executor writers, HarnessMetrics metrics, String job) {
        this.writers = writers;
        this.metrics = metrics;
        this.job = job;
    }

    /** Queues {@code write} after this job's earlier ones. Called from the job's own ticks only. */
    void then(Write write) {
        last = last.thenRunAsync(() -> {
            try {
                write.run();
            } catch (Exception e) {
                metrics.error("ZooKeeper write of " + job, e);
            }
        }, writers);
    }
}
