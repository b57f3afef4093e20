package io.yarndl.am.records;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.contract.access.AppZkCredentials;
import io.yarndl.contract.access.AppZkSecret;
import io.yarndl.contract.access.JobNodeAcl;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.job.JobRecordCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.contract.cluster.NodeGpuTypesCodec;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.util.ZKUtil;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The AM's records against a real ZooKeeper and a scheduler that creates job nodes with their job
 * ACL: under {@code /secure} the scheduler has digest credentials and an ACL giving world only
 * read, as a secured cluster is set up; under {@code /open} it is anonymous with the default open
 * ACL, as a cluster that configured nothing. What a refused write costs: a count and a log line,
 * never the job, never another job's data.
 */
class JobRecordsTest {

    private static final String SECURE = "/secure";
    private static final String OPEN = "/open";
    private static final JobDescription SPEC = new JobDescription("resnet50", Framework.PYTORCH,
            Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, Resources.of(1, 2, 4096), Resources.ZERO, 1, 4, 0, 0, 2, 0,
            128, TrainingGoal.steps(10));
    private static final ProgressSample FIRST = new ProgressSample(1, 10, 2.0, 3.0, 1, 0);

    private static TestingServer server;
    private static CuratorFramework scheduler;
    private static JobNodeAcl secureAcl;

    private final JobRecordCodec codec = new JobRecordCodec();

    @BeforeAll
    static void startZooKeeperAndScheduler() throws Exception {
        server = new TestingServer(true);
        scheduler = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .retryPolicy(new RetryNTimes(1, 100))
                .authorization("digest", "yarn-dl:scheduler-password".getBytes(StandardCharsets.UTF_8)).build();
        scheduler.start();
        scheduler.blockUntilConnected();
        // What the scheduler's JobNodes does, done here directly: the AM's jar has no scheduler in it.
        secureAcl = new JobNodeAcl(ZKUtil.parseACLs("world:anyone:r,digest:"
                + DigestAuthenticationProvider.generateDigest("yarn-dl:scheduler-password") + ":rwcda"), true);
        scheduler.create().creatingParentsIfNeeded().withACL(secureAcl.schedulerAcl()).forPath(SECURE + "/jobs");
        JobNodeAcl openAcl = new JobNodeAcl(ZKUtil.parseACLs("world:anyone:rwcda"), false);
        scheduler.create().creatingParentsIfNeeded().withACL(openAcl.schedulerAcl()).forPath(OPEN + "/jobs");
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        scheduler.close();
        server.close();
    }

    private static void admit(String applicationId, Optional<String> secret) throws Exception {
        scheduler.create().withACL(secureAcl.forJob(applicationId, secret)).forPath(SECURE + "/jobs/" + applicationId);
    }

    private String read(String path) throws Exception {
        return new String(scheduler.getData().forPath(path), StandardCharsets.UTF_8);
    }

    @Test
    void progressWrittenWithAnotherApplicationsCredentialsIsCountedAndLosesNothing() throws Exception {
        String a = "application_1700000000000_0001";
        String b = "application_1700000000000_0002";
        String secretA = AppZkSecret.generate();
        String secretB = AppZkSecret.generate();
        admit(a, Optional.of(secretA));
        admit(b, Optional.of(secretB));
        try (JobRecords own = JobRecords.connect(server.getConnectString(), SECURE, a, SPEC, Optional.of(secretA));
             JobRecords intruder = JobRecords.connectWith(server.getConnectString(), SECURE, a,
                     new JobDescription("forged", Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                             Resources.of(8, 2, 4096), Resources.ZERO, 1, 64, 0, 0, 64, 0, 128,
                             TrainingGoal.steps(10)),
                     new AppZkCredentials(b, secretB))) {
            own.writeProgress(FIRST);

            intruder.writeProgress(new ProgressSample(999, 20, 0.001, 3.0, 1, 0));
            assertEquals(2, intruder.refusedWrites(), "the spec it tried first and the progress");
            intruder.writeProgress(new ProgressSample(1000, 30, 0.001, 3.0, 1, 0));
            assertEquals(4, intruder.refusedWrites());
            intruder.remove();
            assertEquals(5, intruder.refusedWrites());

            assertEquals(SPEC, codec.specFromJson(read(SECURE + "/jobs/" + a + "/spec")));
            assertEquals(FIRST, codec.progressFromJson(read(SECURE + "/jobs/" + a + "/progress")));
            ProgressSample second = new ProgressSample(2, 40, 1.5, 3.0, 1, 0);
            own.writeProgress(second);
            assertEquals(second, codec.progressFromJson(read(SECURE + "/jobs/" + a + "/progress")));
            assertEquals(0, own.refusedWrites());
        }
    }

    @Test
    void amWithASecretWaitsForItsNodeWithoutCountingARefusal() throws Exception {
        String c = "application_1700000000000_0003";
        String secret = AppZkSecret.generate();
        try (JobRecords records = JobRecords.connect(server.getConnectString(), SECURE, c, SPEC,
                Optional.of(secret))) {
            records.writeProgress(FIRST);
            assertNull(scheduler.checkExists().forPath(SECURE + "/jobs/" + c));
            assertEquals(0, records.refusedWrites());

            admit(c, Optional.of(secret));
            ProgressSample second = new ProgressSample(2, 20, 1.5, 3.0, 1, 0);
            records.writeProgress(second);
            assertEquals(SPEC, codec.specFromJson(read(SECURE + "/jobs/" + c + "/spec")));
            assertEquals(second, codec.progressFromJson(read(SECURE + "/jobs/" + c + "/progress")));
            records.remove();
            assertNull(scheduler.checkExists().forPath(SECURE + "/jobs/" + c + "/progress"));
            assertNotNull(scheduler.checkExists().forPath(SECURE + "/jobs/" + c), "the scheduler's to remove");
        }
    }

    @Test
    void readsTheNodesGpuTypesTheSchedulerPublishesAndKeepsThemWhenTheyCannotBeRead() throws Exception {
        String e = "application_1700000000000_0005";
        String path = OPEN + "/gpu-types";
        NodeGpuTypesCodec types = new NodeGpuTypesCodec();
        try (JobRecords records = JobRecords.connect(server.getConnectString(), OPEN, e, SPEC)) {
            assertTrue(records.awaitConnection(Duration.ofSeconds(20)), "connected to ZooKeeper");
            assertEquals(NodeGpuTypes.none(), records.nodeGpuTypes(), "none before the scheduler writes them");

            NodeGpuTypes two = new NodeGpuTypes(Map.of("gpu-host-1:8041", "V100", "gpu-host-2:8041", "K80"));
            scheduler.create().forPath(path, types.toJson(two).getBytes(StandardCharsets.UTF_8));
            assertEquals(two, records.nodeGpuTypes());

            NodeGpuTypes one = new NodeGpuTypes(Map.of("gpu-host-1:8041", "V100"));
            scheduler.setData().forPath(path, types.toJson(one).getBytes(StandardCharsets.UTF_8));
            assertEquals(one, records.nodeGpuTypes(), "read again once changed");

            scheduler.setData().forPath(path, "garbage".getBytes(StandardCharsets.UTF_8));
            assertEquals(one, records.nodeGpuTypes(), "an unreadable record keeps the types read before");
        } finally {
            scheduler.delete().forPath(path);
        }
    }

    @Test
    void amWithoutASecretWritesAndRemovesItsRecordsAsBefore() throws Exception {
        String d = "application_1700000000000_0004";
        try (JobRecords records = JobRecords.connect(server.getConnectString(), OPEN, d, SPEC)) {
            records.writeProgress(FIRST);
            assertEquals(FIRST, codec.progressFromJson(read(OPEN + "/jobs/" + d + "/progress")));
            assertEquals(SPEC, codec.specFromJson(read(OPEN + "/jobs/" + d + "/spec")));
            records.remove();
            assertNull(scheduler.checkExists().forPath(OPEN + "/jobs/" + d));
            assertEquals(0, records.refusedWrites());
        }
    }
}
