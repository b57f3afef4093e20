package io.yarndl.yarn.access;

import io.yarndl.contract.access.AppZkCredentials;
import io.yarndl.contract.access.JobNodeAcl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.contract.records.JobRecordWriter;
import io.yarndl.contract.records.RecordAccessDeniedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.util.ZKUtil;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The scheduler creating job nodes against a real ZooKeeper that it may lose and get back: an
 * anonymous scheduler with the default open ACL, one server per test so stopping it harms no other.
 */
class JobNodesTest {

    private static final String ROOT = "/nodes";
    private static final List<ACL> OPEN = ZKUtil.parseACLs("world:anyone:rwcda");

    private TestingServer server;
    private CuratorFramework client;
    private JobNodes jobNodes;
    private final List<CuratorFramework> appClients = new ArrayList<>();
    private final JobNodeAcl acl = new JobNodeAcl(OPEN, false);

    @BeforeEach
    void startZooKeeper() throws Exception {
        server = new TestingServer(true);
        // No retries and a short connection timeout: a creation while ZooKeeper is down fails in
        // about a second, so what brings it back is JobNodes' own retry, not Curator's.
        client = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .connectionTimeoutMs(1_000).sessionTimeoutMs(30_000).retryPolicy(new RetryNTimes(0, 0)).build();
        client.start();
        client.blockUntilConnected();
        jobNodes = new JobNodes(client, ROOT, acl);
    }

    @AfterEach
    void stopZooKeeper() throws Exception {
        jobNodes.close();
        appClients.forEach(CuratorFramework::close);
        client.close();
        server.close();
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (!condition.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < deadline, what + " within 20 s");
            Thread.sleep(20);
        }
    }

    private boolean exists(String applicationId) {
        try {
            return client.checkExists().forPath(ROOT + "/jobs/" + applicationId) != null;
        } catch (Exception e) {
            return false;
        }
    }

    /** A client authenticated as an application: it may read its node's ACL unredacted. */
    private CuratorFramework clientOf(String applicationId, String secret) throws InterruptedException {
        CuratorFramework app = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .retryPolicy(new RetryNTimes(0, 0))
                .authorization(AppZkCredentials.SCHEME, new AppZkCredentials(applicationId, secret).authBytes())
                .build();
        app.start();
        app.blockUntilConnected();
        appClients.add(app);
        return app;
    }

    private void createWhileZooKeeperIsDown(String applicationId) throws Exception {
        server.stop();
        await("client disconnected", () -> !client.getZookeeperClient().isConnected());
        jobNodes.create(applicationId, Optional.of("secret"));
        await("the first attempt failed", () -> !jobNodes.creating(applicationId));
        assertEquals(Set.of(applicationId), jobNodes.pending());
    }

    @Test
    void createsTheJobNodeWithItsJobAcl() throws Exception {
        jobNodes.ensureJobsRoot();
        jobNodes.create("app_1", Optional.of("secret"));
        await("app_1 created", () -> jobNodes.pending().isEmpty() && exists("app_1"));
        assertEquals(Set.copyOf(acl.forJob("app_1", Optional.of("secret"))),
                Set.copyOf(clientOf("app_1", "secret").getACL().forPath(ROOT + "/jobs/app_1")));
        assertEquals(Set.copyOf(OPEN), Set.copyOf(client.getACL().forPath(ROOT + "/jobs")));
    }

    @Test
    void jobWithoutSecretGetsTheSchedulersAclAndItsAmWritesAsBefore() throws Exception {
        jobNodes.ensureJobsRoot();
        jobNodes.create("app_2", Optional.empty());
        await("app_2 created", () -> jobNodes.pending().isEmpty() && exists("app_2"));
        assertEquals(OPEN, client.getACL().forPath(ROOT + "/jobs/app_2"));
        new JobRecordWriter(client, ROOT, "app_2").writeProgress(new ProgressSample(1, 10, 2.0, 3.0, 1, 0));
        assertTrue(client.checkExists().forPath(ROOT + "/jobs/app_2/progress") != null);
    }

    @Test
    void missingJobsRootIsCreatedByTheRetry() throws Exception {
        jobNodes.create("app_3", Optional.of("secret"));
        await("the attempt ended", () -> !jobNodes.creating("app_3"));
        assertEquals(Set.of("app_3"), jobNodes.pending());
        jobNodes.retryPending();
        await("app_3 created", () -> jobNodes.pending().isEmpty() && exists("app_3"));
    }

    @Test
    void creatingAgainIsHarmlessAndAForeignAclIsReported() throws Exception {
        jobNodes.ensureJobsRoot();
        jobNodes.create("app_4", Optional.of("secret"));
        await("app_4 created", () -> jobNodes.pending().isEmpty() && exists("app_4"));
        jobNodes.create("app_4", Optional.of("secret"));
        await("app_4 confirmed", () -> jobNodes.pending().isEmpty() && !jobNodes.creating("app_4"));

        client.create().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(ROOT + "/jobs/app_5");
        jobNodes.create("app_5", Optional.of("secret"));
        // One session's callbacks arrive in order: once app_5 is listed, app_4's check is done.
        await("the foreign ACL noticed", () -> jobNodes.aclMismatches().contains("app_5"));
        assertEquals(Set.of("app_5"), jobNodes.aclMismatches());
        assertEquals(ZooDefs.Ids.OPEN_ACL_UNSAFE, client.getACL().forPath(ROOT + "/jobs/app_5"));
        assertTrue(jobNodes.pending().isEmpty());
    }

    @Test
    void pendingCreationIsRetriedWhenAskedOnceZooKeeperIsBack() throws Exception {
        jobNodes.ensureJobsRoot();
        createWhileZooKeeperIsDown("app_6");
        jobNodes.retryPending();
        assertEquals(Set.of("app_6"), jobNodes.pending(), "nothing to do while ZooKeeper is down");

        server.restart();
        await("client reconnected", () -> client.getZookeeperClient().isConnected());
        assertFalse(exists("app_6"));
        jobNodes.retryPending();
        await("app_6 created", () -> jobNodes.pending().isEmpty() && exists("app_6"));
    }

    @Test
    void pendingCreationIsRetriedOnReconnectByItself() throws Exception {
        jobNodes.ensureJobsRoot();
        jobNodes.start();
        createWhileZooKeeperIsDown("app_7");
        server.restart();
        await("app_7 created after the reconnection", () -> jobNodes.pending().isEmpty() && exists("app_7"));
    }

    @Test
    void removingCancelsAPendingCreationAndDeletesTheNode() throws Exception {
        jobNodes.ensureJobsRoot();
        jobNodes.create("app_8", Optional.empty());
        await("app_8 created", () -> exists("app_8"));
        client.create().forPath(ROOT + "/jobs/app_8/progress");
        jobNodes.remove("app_8");
        await("app_8 removed", () -> !exists("app_8"));

        createWhileZooKeeperIsDown("app_9");
        jobNodes.remove("app_9");
        assertTrue(jobNodes.pending().isEmpty());
        server.restart();
        await("client reconnected", () -> client.getZookeeperClient().isConnected());
        jobNodes.retryPending();
        assertNull(client.checkExists().forPath(ROOT + "/jobs/app_9"));
    }

    @Test
    void withAnAnonymousSchedulerOthersMayDeleteRecordsButNeverForgeThem() throws Exception {
        jobNodes.ensureJobsRoot();
        jobNodes.create("app_10", Optional.of("secret-a"));
        await("app_10 created", () -> exists("app_10"));
        new JobRecordWriter(clientOf("app_10", "secret-a"), ROOT, "app_10", new AppZkCredentials("app_10", "secret-a"))
                .writeProgress(new ProgressSample(1, 10, 2.0, 3.0, 1, 0));
        CuratorFramework other = clientOf("app_11", "secret-b");
        JobRecordWriter forger = new JobRecordWriter(other, ROOT, "app_10", new AppZkCredentials("app_11", "secret-b"));
        ProgressSample forged = new ProgressSample(999, 20, 0.001, 3.0, 1, 0);
        assertThrows(RecordAccessDeniedException.class, () -> forger.writeProgress(forged));

        // The price of a scheduler without credentials: world keeps delete, or it could not remove
        // finished jobs; so another client may delete the record, yet not write one in its place.
        other.delete().forPath(ROOT + "/jobs/app_10/progress");
        assertThrows(RecordAccessDeniedException.class, () -> forger.writeProgress(forged));
        assertNull(client.checkExists().forPath(ROOT + "/jobs/app_10/progress"));
    }
}
