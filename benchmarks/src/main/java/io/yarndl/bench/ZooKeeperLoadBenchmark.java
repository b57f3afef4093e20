package io.yarndl.bench;

import io.yarndl.contract.records.JobRecordWriter;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.test.TestingServer;

/**
 * ZooKeeper's load and the scheduler's sample intake with many jobs, against one real ZooKeeper
 * server (in-process, as the tests run it). Each simulated job reports 4 samples a second, as a
 * trainer reporting every step of 250 ms does, and writes its progress record the way the AM does:
 * <ul>
 *   <li>{@code batched}: every sample since the last write, at most once per interval (the AM's
 *       {@code --progress-interval});</li>
 *   <li>{@code latest-only}: the newest sample alone, every 250 ms (the AM before batching), the
 *       baseline measured in the same run.</li>
 * </ul>
 * The scheduler's real {@link JobRecordWatcher} reads every record; the benchmark prints ZooKeeper
 * writes per second, samples taken per second and samples lost (produced but never taken).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.yarndl.bench.ZooKeeperLoadBenchmark [jobs] [interval-ms] [seconds]
 * </pre>
 * Defaults: 1,000 jobs, 5,000 ms (the AM's default), 60 s per mode.
 */
public final class ZooKeeperLoadBenchmark {

    private static final String ROOT = "/yarn-dl-bench";
    private static final long SAMPLE_EVERY_MS = 250;
    /** Writers share a few ZooKeeper sessions: the server's load is the same, the benchmark JVM lighter. */
    private static final int SESSIONS = 16;

    private ZooKeeperLoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int jobs = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        long intervalMs = args.length > 1 ? Long.parseLong(args[1]) : 5_000;
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 60;
        System.out.printf(Locale.ROOT, "%d jobs, 4 samples/s each, %d s per mode, one ZooKeeper %s, %d cores%n",
                jobs, seconds, org.apache.zookeeper.Version.getFullVersion().split("-")[0],
                Runtime.getRuntime().availableProcessors());
        try (TestingServer server = new TestingServer(true)) {
            run(server, "latest-only", jobs, SAMPLE_EVERY_MS, false, seconds);
            run(server, "batched", jobs, intervalMs, true, seconds);
        }
    }

    private static void run(TestingServer server, String mode, int jobs, long writeEveryMs, boolean batched,
                            long seconds) throws Exception {
        String root = ROOT + "/" + mode;
        List<CuratorFramework> sessions = new ArrayList<>();
        for (int i = 0; i < SESSIONS + 1; i++) {
            CuratorFramework client = CuratorFrameworkFactory.newClient(server.getConnectString(), 30_000, 15_000,
                    new RetryNTimes(3, 500));
            client.start();
            client.blockUntilConnected();
            sessions.add(client);
        }
        CuratorFramework schedulerSession = sessions.get(SESSIONS);
        List<SimulatedJob> simulated = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            String app = String.format(Locale.ROOT, "application_1732200000000_%04d", j + 1);
            simulated.add(new SimulatedJob(new JobRecordWriter(sessions.get(j % SESSIONS), root, app), batched));
        }
        // A record per job before the watcher starts, so its initial load holds every job.
        for (SimulatedJob job : simulated) {
            job.produce(System.currentTimeMillis());
            job.write();
        }
        try (JobRecordWatcher watcher = new JobRecordWatcher(schedulerSession, root, 1_000_000)) {
            watcher.start();
            // Reports and writes on pools of their own: a slow write must not hold the reports back.
            ScheduledExecutorService reports = Executors.newScheduledThreadPool(2);
            ScheduledExecutorService clock = Executors.newScheduledThreadPool(32);
            simulated.forEach(SimulatedJob::resetCounts);
            long started = System.nanoTime();
            for (int j = 0; j < jobs; j++) {
                SimulatedJob job = simulated.get(j);
                long phase = (SAMPLE_EVERY_MS * j) / jobs;
                reports.scheduleAtFixedRate(() -> job.produce(System.currentTimeMillis()), phase, SAMPLE_EVERY_MS,
                        TimeUnit.MILLISECONDS);
                long writePhase = (writeEveryMs * j) / jobs;
                clock.scheduleAtFixedRate(job::write, writePhase, writeEveryMs, TimeUnit.MILLISECONDS);
            }
            Thread.sleep(Duration.ofSeconds(seconds).toMillis());
            reports.shutdown();
            clock.shutdown();
            reports.awaitTermination(30, TimeUnit.SECONDS);
            clock.awaitTermination(30, TimeUnit.SECONDS);
            double elapsed = (System.nanoTime() - started) / 1e9;
            long writes = simulated.stream().mapToLong(SimulatedJob::writes).sum();
            // The AM flushes at the end; here every job writes what it has left once more (not in the rate).
            simulated.forEach(SimulatedJob::write);
            long produced = simulated.stream().mapToLong(SimulatedJob::produced).sum();
            long deadline = System.currentTimeMillis() + 60_000;
            while (watcher.acceptedSamples() < produced && System.currentTimeMillis() < deadline) {
                long seen = watcher.acceptedSamples();
                Thread.sleep(2_000);
                if (watcher.acceptedSamples() == seen) {
                    break; // nothing more arrives
                }
            }
            long taken = watcher.acceptedSamples();
            System.out.printf(Locale.ROOT, "%-11s write every %5d ms: %8.1f ZooKeeper writes/s, %8.1f samples/s "
                            + "produced, %8.1f samples/s taken by the watcher, %d of %d samples lost (%.1f%%), "
                            + "%d records rejected%n", mode, writeEveryMs, writes / elapsed, produced / elapsed,
                    taken / elapsed, produced - taken, produced,
                    100.0 * (produced - taken) / produced, watcher.rejections().total());
        } finally {
            sessions.forEach(CuratorFramework::close);
        }
    }

    /** One job's reports and writes; its samples' times are epoch seconds, as the AM stamps them. */
    private static final class SimulatedJob {
        private final JobRecordWriter writer;
        private final boolean batched;
        private final List<ProgressSample> pending = new ArrayList<>();
        /** The batch written last, repeated in front of the next, as the AM does. */
        private List<ProgressSample> previous = List.of();
        private final AtomicLong writes = new AtomicLong();
        private long step;

        SimulatedJob(JobRecordWriter writer, boolean batched) {
            this.writer = writer;
            this.batched = batched;
        }

        synchronized void produce(long nowMs) {
            step++;
            pending.add(new ProgressSample(nowMs / 1000.0 + step * 1e-6, step, 10.0 / (step + 1), 4.0, 1, 0));
        }

        void write() {
            List<ProgressSample> batch;
            synchronized (this) {
                if (pending.isEmpty()) {
                    return;
                }
                if (batched) {
                    List<ProgressSample> record = new ArrayList<>(previous);
                    record.addAll(pending);
                    batch = record;
                    previous = List.copyOf(pending);
                } else {
                    batch = List.of(pending.get(pending.size() - 1));
                }
                pending.clear();
            }
            try {
                writer.writeProgress(batch);
                writes.incrementAndGet();
            } catch (Exception e) {
                throw new IllegalStateException("write failed", e);
            }
        }

        /** The measurement starts here: what the set-up produced and wrote is neither reported nor counted. */
        synchronized void resetCounts() {
            writes.set(0);
        }

        synchronized long produced() {
            return step;
        }

        long writes() {
            return writes.get();
        }
    }
}
