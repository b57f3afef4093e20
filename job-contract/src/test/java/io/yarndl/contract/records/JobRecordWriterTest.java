package io.yarndl.contract.records;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobDescriptions;
import io.yarndl.contract.job.JobRecordCodec;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.server.ServerMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The AM side against a real ZooKeeper (curator-test's in-process server). */
class JobRecordWriterTest {

    private static TestingServer server;
    private static CuratorFramework client;
    private final JobRecordCodec codec = new JobRecordCodec();

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

    private String read(String path) throws Exception {
        return new String(client.getData().forPath(path), StandardCharsets.UTF_8);
    }

    @Test
    void writesSpecCreatingParentsAndOverwritesIt() throws Exception {
        JobRecordWriter writer = new JobRecordWriter(client, "/writer/specs", "app_1");
        writer.writeSpec(JobDescriptions.allReduce(TrainingGoal.steps(10)));
        JobDescription second = JobDescriptions.parameterServer();
        writer.writeSpec(second);
        assertEquals(second, codec.specFromJson(read("/writer/specs/jobs/app_1/spec")));
    }

    @Test
    void replacesProgressWithEachSample() throws Exception {
        JobRecordWriter writer = new JobRecordWriter(client, "/writer/progress", "app_2");
        writer.writeProgress(new ProgressSample(1, 10, 2.0, 3.0, 1, 0));
        ProgressSample latest = new ProgressSample(2, 20, 1.5, 3.1, 2, 0);
        writer.writeProgress(latest);
        assertEquals(latest, codec.progressFromJson(read("/writer/progress/jobs/app_2/progress")));
    }

    @Test
    void replacesARecordItWroteBeforeWithOneZooKeeperWriteEach() throws Exception {
        JobRecordWriter writer = new JobRecordWriter(client, "/writer/one-write", "app_5");
        writer.writeProgress(new ProgressSample(1, 10, 2.0, 3.0, 1, 0));
        long before = serverWrites();
        for (int step = 2; step <= 11; step++) {
            writer.writeProgress(new ProgressSample(step, step * 10, 2.0 / step, 3.0, 1, 0));
        }
        assertEquals(10, serverWrites() - before, "the server's write requests for ten progress batches");
    }

    @Test
    void createsARecordAgainWhenItWasRemovedBehindItsBack() throws Exception {
        JobRecordWriter writer = new JobRecordWriter(client, "/writer/recreate", "app_6");
        writer.writeProgress(new ProgressSample(1, 10, 2.0, 3.0, 1, 0));
        client.delete().deletingChildrenIfNeeded().forPath("/writer/recreate/jobs/app_6");
        ProgressSample latest = new ProgressSample(2, 20, 1.5, 3.1, 2, 0);
        writer.writeProgress(latest);
        assertEquals(latest, codec.progressFromJson(read("/writer/recreate/jobs/app_6/progress")));
    }

    /** Write requests the server has completed, failed ones included: its own update-latency count. */
    private static long serverWrites() {
        Map<String, Object> values = new HashMap<>();
        ServerMetrics.getMetrics().getMetricsProvider().dump(values::put);
        return ((Number) values.get("cnt_updatelatency")).longValue();
    }

    @Test
    void removesTheJobNodeQuietlyEvenWhenAbsent() throws Exception {
        JobRecordWriter writer = new JobRecordWriter(client, "/writer/remove", "app_3");
        writer.writeProgress(new ProgressSample(1, 10, 2.0, 3.0, 1, 0));
        writer.remove();
        assertNull(client.checkExists().forPath("/writer/remove/jobs/app_3"));
        assertDoesNotThrow(writer::remove);
    }

    @Test
    void refusesSpecTheSchedulerWouldReject() throws Exception {
        JobRecordWriter writer = new JobRecordWriter(client, "/writer/invalid", "app_4");
        JobDescription inverted = new JobDescription("x", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, Resources.of(1, 1, 1024), Resources.ZERO, 4, 2, 0, 0, 2, 0, 32,
                TrainingGoal.steps(10));
        assertThrows(IllegalArgumentException.class, () -> writer.writeSpec(inverted));
        assertNull(client.checkExists().forPath("/writer/invalid/jobs/app_4"));
    }
}
