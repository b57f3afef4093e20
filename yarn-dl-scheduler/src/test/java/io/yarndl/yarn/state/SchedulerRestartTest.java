package io.yarndl.yarn.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.policy.Plan;
import io.yarndl.yarn.jobs.JobRecordWatcher;
import io.yarndl.contract.records.JobRecordWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A scheduler restart end to end through ZooKeeper: the samples one watcher accepted are
 * checkpointed, read back by a new store and seeded into a new watcher, which then holds exactly
 * what a watcher that never stopped holds.
 */
class SchedulerRestartTest {

    private static final String ROOT = "/restart";
    private static final String APP = "application_1732200000000_0007";
    private static final int MAX_SAMPLES = 6;

    private static TestingServer server;
    private static CuratorFramework client;

    @BeforeAll
    static void startZooKeeper() throws Exception {
        server = new TestingServer(true);
        client = SchedulerStateStoreTest.connect(server);
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        client.close();
        server.close();
    }

    private static ProgressSample sample(long step) {
        return new ProgressSample(1_732_200_000.0 + step, step, 5.0 / (step + 1), 3.5, 2, 0);
    }

    private static void awaitLastStep(JobRecordWatcher watcher, long step) throws InterruptedException {
        BooleanSupplier arrived = () -> {
            List<ProgressSample> samples = watcher.samples(APP);
            return !samples.isEmpty() && samples.get(samples.size() - 1).step() == step;
        };
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!arrived.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("waited 10 s for step " + step);
            }
            Thread.sleep(5);
        }
    }

    @Test
    void seededWatcherHoldsWhatAnUnbrokenOneHolds() throws Exception {
        JobRecordWriter writer = new JobRecordWriter(client, ROOT, APP);
        try (JobRecordWatcher unbroken = new JobRecordWatcher(client, ROOT, MAX_SAMPLES)) {
            unbroken.start();
            for (long step = 1; step <= 25; step++) {
                writer.writeProgress(sample(step));
                awaitLastStep(unbroken, step);
            }
            SchedulerCheckpoint checkpoint = SchedulerCheckpoint.current(1, "optimus", null, 25,
                    new Plan(1, "optimus", Map.of()), null, unbroken.sampleHistories());
            new SchedulerStateStore(client, ROOT, SchedulerStateStoreTest.OPEN, 1 << 20).write(checkpoint);

            SchedulerCheckpoint restored = SchedulerStateStoreTest.found(
                    new SchedulerStateStore(client, ROOT, SchedulerStateStoreTest.OPEN, 1 << 20));
            try (JobRecordWatcher restarted = new JobRecordWatcher(client, ROOT, MAX_SAMPLES)) {
                restarted.seed(restored.samples());
                restarted.start();
                for (long step = 26; step <= 40; step++) {
                    writer.writeProgress(sample(step));
                    awaitLastStep(unbroken, step);
                    awaitLastStep(restarted, step);
                }
                assertEquals(unbroken.sampleHistories(), restarted.sampleHistories());
                assertEquals(0, restarted.rejections().total(), restarted.rejections().toString());
            }
        }
    }
}
