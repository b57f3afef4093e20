package io.yarndl.yarn.jobs;

import io.yarndl.contract.records.JobRecordWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import io.yarndl.core.job.ProgressSample;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A watcher seeded with checkpointed sample histories, as after a scheduler restart, against a
 * real ZooKeeper: the seeded samples count as accepted ones, so what the cache then delivers is
 * judged against them; seeds of jobs ZooKeeper no longer has are dropped.
 */
class JobRecordWatcherSeedingTest {

    private static final String APP = "application_1732200000000_0001";
    private static final String GONE = "application_1732200000000_0099";
    private static final int MAX_SAMPLES = 8;
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final AtomicInteger ROOTS = new AtomicInteger();

    private static TestingServer server;
    private static CuratorFramework client;

    private final String root = "/seeding" + ROOTS.incrementAndGet();
    private final JobRecordWriter writer = new JobRecordWriter(client, root, APP);

    @BeforeAll
    static void startZooKeeper() throws Exception {
        server = new TestingServer(true);
        client = CuratorFrameworkFactory.newClient(server.getConnectString(), new ExponentialBackoffRetry(100, 3));
        client.start();
        client.blockUntilConnected();
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        client.close();
        server.close();
    }

    private static ProgressSample sample(long step) {
        return new ProgressSample(1_732_200_000.0 + step, step, 10.0 / (step + 1), 4.2, 2, 0);
    }

    /** The history an unbroken watcher would hold after accepting samples at steps 1 to {@code last}. */
    private static SampleHistory history(long last) {
        SampleHistory history = SampleHistory.EMPTY;
        for (long step = 1; step <= last; step++) {
            history = history.plus(sample(step), MAX_SAMPLES);
        }
        return history;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("waited 10 s for " + what);
            }
            Thread.sleep(5);
        }
    }

    private static void awaitSampleAt(JobRecordWatcher watcher, long step) throws InterruptedException {
        await("a sample at step " + step, () -> {
            List<ProgressSample> samples = watcher.samples(APP);
            return !samples.isEmpty() && samples.get(samples.size() - 1).step() == step;
        });
    }

    @Test
    void redeliveredLastSeededSampleIsNotARejectionAndNewerSamplesContinueTheHistory() throws Exception {
        writer.writeProgress(sample(20));
        try (JobRecordWatcher watcher = new JobRecordWatcher(client, root, MAX_SAMPLES)) {
            watcher.seed(Map.of(APP, history(20).toStored()));
            watcher.start();
            writer.writeProgress(sample(21));
            awaitSampleAt(watcher, 21);

            assertEquals(0, watcher.rejections().total(), watcher.rejections().toString());
            assertEquals(history(21).toStored(), watcher.sampleHistories().get(APP),
                    "the seeded history thins on as the unbroken one would");
        }
    }

    @Test
    void sampleBelowTheLastSeededStepIsCountedAsSteppingBackwards() throws Exception {
        writer.writeProgress(sample(20));
        try (JobRecordWatcher watcher = new JobRecordWatcher(client, root, MAX_SAMPLES)) {
            watcher.seed(Map.of(APP, history(20).toStored()));
            watcher.start();
            writer.writeProgress(sample(12));
            await("the backwards sample", () -> watcher.rejections().count(RejectionReason.STEP_BACKWARDS) == 1);
            assertEquals(history(20).samples(), watcher.samples(APP));
            assertEquals(1, watcher.rejections().total());
        }
    }

    @Test
    void seedingAKnownJobPutsTheSeededSamplesFirstAndKeepsOnlyItsNewerOnes() throws Exception {
        try (JobRecordWatcher watcher = new JobRecordWatcher(client, root, 64)) {
            watcher.start();
            writer.writeProgress(sample(10));
            awaitSampleAt(watcher, 10);
            writer.writeProgress(sample(30));
            awaitSampleAt(watcher, 30);

            SampleHistory seeded = SampleHistory.EMPTY;
            for (long step = 1; step <= 20; step++) {
                seeded = seeded.plus(sample(step), 64);
            }
            watcher.seed(Map.of(APP, seeded.toStored()));

            List<ProgressSample> expected = new java.util.ArrayList<>(
                    LongStream.rangeClosed(1, 20).mapToObj(JobRecordWatcherSeedingTest::sample).toList());
            expected.add(sample(30));
            assertEquals(expected, watcher.samples(APP));
            assertEquals(0, watcher.rejections().total());
        }
    }

    @Test
    void seedOfAJobWithoutRecordsIsDroppedOnceTheInitialLoadIsOver() throws Exception {
        writer.writeProgress(sample(5));
        try (JobRecordWatcher watcher = new JobRecordWatcher(client, root, MAX_SAMPLES)) {
            watcher.seed(Map.of(APP, history(5).toStored(), GONE, history(3).toStored()));
            assertEquals(Map.of(APP, history(5).toStored(), GONE, history(3).toStored()), watcher.sampleHistories(),
                    "seeds waiting for their jobs are part of the next checkpoint");
            watcher.start();
            await("the job without records to be dropped", () -> !watcher.sampleHistories().containsKey(GONE));

            assertEquals(Map.of(APP, history(5).toStored()), watcher.sampleHistories());
            assertFalse(watcher.knownJobs().contains(GONE));
            watcher.seed(Map.of(GONE, history(3).toStored()));
            assertEquals(Map.of(APP, history(5).toStored()), watcher.sampleHistories(),
                    "after the initial load a seed only reaches jobs ZooKeeper has");
        }
    }
}
