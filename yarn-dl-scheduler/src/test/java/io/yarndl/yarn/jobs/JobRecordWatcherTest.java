package io.yarndl.yarn.jobs;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobDescriptions;
import io.yarndl.contract.records.JobRecordPaths;
import io.yarndl.contract.records.JobRecordWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.TrainingGoal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scheduler side against a real ZooKeeper (curator-test's in-process server): what the
 * watcher accepts, what it skips and counts, and that it keeps working after bad records. Each
 * test uses its own root so tests do not see each other's jobs.
 */
class JobRecordWatcherTest {

    private static final String APP = "application_1732200000000_0001";
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final AtomicInteger ROOTS = new AtomicInteger();

    private static TestingServer server;
    private static CuratorFramework client;

    private final String root = "/watcher" + ROOTS.incrementAndGet();
    private final JobRecordPaths paths = new JobRecordPaths(root);
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

    private JobRecordWatcher startedWatcher(int maxSamples) {
        JobRecordWatcher watcher = new JobRecordWatcher(client, root, maxSamples);
        watcher.start();
        return watcher;
    }

    private static ProgressSample sample(long step) {
        return new ProgressSample(1_732_200_000.0 + step, step, 10.0 / (step + 1), 4.2, 2, 0);
    }

    private void writeRaw(String path, String text) throws Exception {
        client.create().orSetData().creatingParentsIfNeeded().forPath(path, text.getBytes(StandardCharsets.UTF_8));
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

    private static void awaitRejection(JobRecordWatcher watcher, RejectionReason reason, long count)
            throws InterruptedException {
        await(count + " x " + reason, () -> watcher.rejections().count(reason) == count);
    }

    @Test
    void seesDescriptionAndSamplesInOrder() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            AtomicInteger changes = new AtomicInteger();
            watcher.onChange(changes::incrementAndGet);
            JobDescription description = JobDescriptions.allReduce(TrainingGoal.targetLoss(0.1));
            writer.writeSpec(description);
            for (long step = 100; step <= 300; step += 100) {
                writer.writeProgress(sample(step));
                awaitSampleAt(watcher, step);
            }
            assertEquals(Optional.of(description), watcher.description(APP));
            assertEquals(List.of(sample(100), sample(200), sample(300)), watcher.samples(APP));
            assertEquals(Set.of(APP), watcher.knownJobs());
            assertEquals(0, watcher.rejections().total());
            assertTrue(changes.get() >= 4, "listener ran " + changes.get() + " times");
        }
    }

    @Test
    void samplesKeepTheGpuTypeTheirAmTaggedThemWithAndTheSpecItsModelFamily() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            JobDescription description = JobDescriptions.allReduce(TrainingGoal.targetLoss(0.1))
                    .withModelFamily("ResNet-50 (batch size 64)");
            writer.writeSpec(description);
            writer.writeProgress(List.of(sample(100), sample(200).onGpuType("V100")));
            awaitSampleAt(watcher, 200);

            assertEquals(List.of(sample(100), sample(200).onGpuType("V100")), watcher.samples(APP));
            assertEquals("V100", watcher.samples(APP).get(1).gpuType());
            assertEquals(Optional.of(description), watcher.description(APP));
        }
    }

    @Test
    void samplesKeepTheirBatchAndNoiseScaleTheSpecItsBatchLimitsAndResizesAreTimedOnArrival() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            JobDescription description = JobDescriptions.allReduce(TrainingGoal.targetLoss(0.1))
                    .withBatchLimits(new BatchLimits(64, 512, 128));
            writer.writeSpec(description);
            ProgressSample atFour = new ProgressSample(1_732_200_230.5, 300, 0.5, 2.0, 4, 0).atBatch(256, 90.0);
            writer.writeProgress(List.of(sample(100), sample(200), atFour));
            awaitSampleAt(watcher, 300);

            assertEquals(Optional.of(description), watcher.description(APP));
            assertEquals(new BatchLimits(64, 512, 128),
                    watcher.description(APP).orElseThrow().toSpec(APP, "alice", "root.dl").batchLimits());
            assertEquals(atFour, watcher.samples(APP).get(2));
            assertEquals(256, watcher.samples(APP).get(2).batchSize());
            assertEquals(90.0, watcher.samples(APP).get(2).noiseScale());
            // From step 200 at 2 workers (time ...200.0) to step 300 at 4 (time ...230.5).
            assertEquals(new Restarts(1, 30.5), watcher.restarts(APP));
            assertEquals(Restarts.NONE, watcher.restarts("application_1732200000000_0999"));
        }
    }

    @Test
    void skipsGarbageProgressKeepingEarlierSamplesAndGoesOn() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            writer.writeProgress(sample(10));
            awaitSampleAt(watcher, 10);
            writeRaw(paths.progress(APP), "\u0000\u00ffnot json at all");
            awaitRejection(watcher, RejectionReason.MALFORMED_PROGRESS, 1);
            assertEquals(List.of(sample(10)), watcher.samples(APP));

            writer.writeProgress(sample(20));
            awaitSampleAt(watcher, 20);
            assertEquals(List.of(sample(10), sample(20)), watcher.samples(APP));
            assertEquals(1, watcher.rejections().total());
        }
    }

    @Test
    void rejectsUnusableSamplesAndBareNanLiterals() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            writer.writeProgress(sample(10));
            awaitSampleAt(watcher, 10);
            // the codec writes a NaN loss as the string "NaN": it reads back, but cannot feed a model
            writer.writeProgress(new ProgressSample(1_732_200_100.0, 20, Double.NaN, 4.0, 2, 0));
            awaitRejection(watcher, RejectionReason.UNUSABLE_SAMPLE, 1);
            writer.writeProgress(new ProgressSample(1_732_200_200.0, 30, 0.5, 4.0, 0, 0));
            awaitRejection(watcher, RejectionReason.UNUSABLE_SAMPLE, 2);
            // a bare NaN literal is not JSON at all
            writeRaw(paths.progress(APP), "{\"version\":1,\"timeSec\":1732200300,\"step\":40,\"loss\":NaN,"
                    + "\"stepsPerSecond\":4.0,\"workers\":2,\"ps\":0}");
            awaitRejection(watcher, RejectionReason.MALFORMED_PROGRESS, 1);
            assertEquals(List.of(sample(10)), watcher.samples(APP));
        }
    }

    @Test
    void rejectsStepGoingBackwardsAndIgnoresRedeliveredSample() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            writer.writeProgress(sample(100));
            awaitSampleAt(watcher, 100);
            writer.writeProgress(sample(50));
            awaitRejection(watcher, RejectionReason.STEP_BACKWARDS, 1);

            writer.writeProgress(sample(150));
            awaitSampleAt(watcher, 150);
            writer.writeProgress(sample(150));
            writer.writeProgress(sample(200));
            awaitSampleAt(watcher, 200);
            assertEquals(List.of(sample(100), sample(150), sample(200)), watcher.samples(APP));
            assertEquals(1, watcher.rejections().total());
        }
    }

    @Test
    void badSpecLeavesNoDescriptionUntilAGoodSpecArrives() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            writeRaw(paths.spec(APP), JobDescriptions.DOCUMENTED_SPEC.replace("\"maxWorkers\":4,", ""));
            awaitRejection(watcher, RejectionReason.MALFORMED_SPEC, 1);
            assertTrue(watcher.knownJobs().contains(APP));
            assertEquals(Optional.empty(), watcher.description(APP));

            JobDescription good = JobDescriptions.parameterServer();
            writer.writeSpec(good);
            await("the good spec", () -> watcher.description(APP).isPresent());
            assertEquals(good, watcher.description(APP).orElseThrow());

            writeRaw(paths.spec(APP), "{\"version\":2}");
            awaitRejection(watcher, RejectionReason.MALFORMED_SPEC, 2);
            assertEquals(Optional.of(good), watcher.description(APP));
        }
    }

    @Test
    void deletingTheJobNodeForgetsTheJob() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            writer.writeSpec(JobDescriptions.allReduce(TrainingGoal.steps(100)));
            writer.writeProgress(sample(1));
            awaitSampleAt(watcher, 1);
            writer.remove();
            await("the job to be forgotten", () -> !watcher.knownJobs().contains(APP));
            assertEquals(Optional.empty(), watcher.description(APP));
            assertEquals(List.of(), watcher.samples(APP));
        }
    }

    @Test
    void forgetDropsInMemoryStateOnly() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            writer.writeProgress(sample(1));
            awaitSampleAt(watcher, 1);
            watcher.forget(APP);
            assertEquals(List.of(), watcher.samples(APP));
            assertTrue(watcher.knownJobs().isEmpty());
            writer.writeProgress(sample(2));
            awaitSampleAt(watcher, 2);
            assertEquals(List.of(sample(2)), watcher.samples(APP));
        }
    }

    @Test
    void thinsSamplesPastTheCapKeepingTheFirst() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(4)) {
            for (long step = 1; step <= 7; step++) {
                writer.writeProgress(sample(step));
                awaitSampleAt(watcher, step);
            }
            assertEquals(List.of(sample(1), sample(5), sample(6), sample(7)), watcher.samples(APP));
        }
    }

    @Test
    void seesRecordsWrittenBeforeItStarted() throws Exception {
        JobDescription description = JobDescriptions.allReduce(TrainingGoal.steps(1000));
        writer.writeSpec(description);
        writer.writeProgress(sample(42));
        new JobRecordWriter(client, root, "application_1732200000000_0002").writeProgress(sample(7));
        try (JobRecordWatcher watcher = startedWatcher(16)) {
            awaitSampleAt(watcher, 42);
            await("the spec", () -> watcher.description(APP).isPresent());
            await("the second job", () -> watcher.knownJobs().size() == 2);
            // The second job may be known by its node before its progress event is processed.
            await("the second job's sample", () -> !watcher.samples("application_1732200000000_0002").isEmpty());
            assertEquals(description, watcher.description(APP).orElseThrow());
            assertEquals(List.of(sample(7)), watcher.samples("application_1732200000000_0002"));
        }
    }

    @Test
    void takesEverySampleOfEachBatchOnceAndSkipsABatchReadAgain() throws Exception {
        try (JobRecordWatcher watcher = startedWatcher(200)) {
            List<ProgressSample> first = new ArrayList<>();
            for (long step = 1; step <= 40; step++) {
                first.add(sample(step));
            }
            writer.writeProgress(first);
            awaitSampleAt(watcher, 40);
            assertEquals(first, watcher.samples(APP), "all 40 samples of one write, not only the newest");

            writer.writeProgress(first); // the same batch again, as after a reconnect
            List<ProgressSample> second = List.of(sample(41), sample(42), sample(43));
            writer.writeProgress(second);
            awaitSampleAt(watcher, 43);
            assertEquals(43, watcher.samples(APP).size());
            assertEquals(43, watcher.acceptedSamples());
            assertEquals(0, watcher.rejections().total(), "a batch read again is a redelivery, not a step back");

            // One bad sample in a batch is refused alone; the others are taken.
            writer.writeProgress(List.of(sample(44), new ProgressSample(1_732_200_045.0, 45, Double.NaN, 4.2, 2, 0),
                    sample(46)));
            awaitSampleAt(watcher, 46);
            assertEquals(45, watcher.samples(APP).size());
            assertEquals(1, watcher.rejections().total());
        }
    }
}
