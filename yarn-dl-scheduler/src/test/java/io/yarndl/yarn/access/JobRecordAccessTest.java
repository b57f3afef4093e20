package io.yarndl.yarn.access;

import io.yarndl.contract.access.AppZkCredentials;
import io.yarndl.contract.access.AppZkSecret;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.contract.job.JobDescription;
import io.yarndl.contract.records.JobNodeMissingException;
import io.yarndl.contract.job.JobRecordCodec;
import io.yarndl.contract.records.JobRecordWriter;
import io.yarndl.contract.records.RecordAccessDeniedException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.conf.Configuration;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who may write which job records, against a real ZooKeeper: a scheduler with digest credentials
 * and a restrictive ACL ({@code world:anyone:r} plus its own identity), applications A and B with
 * secrets of their own, and an anonymous client.
 */
class JobRecordAccessTest {

    private static final String ROOT = "/access";
    private static final JobDescription SPEC = new JobDescription("resnet50", Framework.PYTORCH,
            Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, Resources.of(1, 2, 4096), Resources.ZERO, 1, 4, 0, 0, 2, 0,
            128, TrainingGoal.steps(10));
    private static final ProgressSample FIRST = new ProgressSample(1, 10, 2.0, 3.0, 1, 0);
    private static final ProgressSample FORGED = new ProgressSample(999, 20, 0.001, 3.0, 1, 0);

    private static TestingServer server;
    private static SchedulerSettings settings;
    private static CuratorFramework scheduler;
    private static CuratorFramework anonymous;
    private static JobNodes jobNodes;
    private static final List<CuratorFramework> clients = new ArrayList<>();
    private static int nextApp;

    private final JobRecordCodec codec = new JobRecordCodec();

    @BeforeAll
    static void startZooKeeperAndScheduler() throws Exception {
        server = new TestingServer(true);
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.ZK_ADDRESS, server.getConnectString());
        conf.set(SchedulerSettings.ZK_ROOT, ROOT);
        conf.set(SchedulerSettings.ZK_ACL, "world:anyone:r,digest:"
                + DigestAuthenticationProvider.generateDigest("yarn-dl:scheduler-password") + ":rwcda");
        conf.set(SchedulerSettings.ZK_AUTH, "digest:yarn-dl:scheduler-password");
        settings = SchedulerSettings.from(conf);
        scheduler = started(SchedulerZooKeeper.client(settings));
        anonymous = started(CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryNTimes(1, 100)));
        jobNodes = JobNodes.from(scheduler, settings);
        jobNodes.ensureJobsRoot();
    }

    @AfterAll
    static void stopZooKeeper() throws Exception {
        jobNodes.close();
        clients.forEach(CuratorFramework::close);
        server.close();
    }

    private static CuratorFramework started(CuratorFramework client) throws InterruptedException {
        client.start();
        client.blockUntilConnected();
        clients.add(client);
        return client;
    }

    /** An application admitted by the scheduler: its node exists, its AM's client authenticates. */
    private record App(String id, AppZkCredentials credentials, CuratorFramework client) {
        JobRecordWriter writer() {
            return writerFor(id);
        }

        /** A writer for {@code applicationId}'s records that uses this application's credentials. */
        JobRecordWriter writerFor(String applicationId) {
            return new JobRecordWriter(client, ROOT, applicationId, credentials);
        }
    }

    private static App admitted() throws Exception {
        App app = unadmitted();
        jobNodes.create(app.id(), Optional.of(app.credentials().secret()));
        awaitNode(ROOT + "/jobs/" + app.id());
        return app;
    }

    private static App unadmitted() throws Exception {
        String id = String.format("application_1700000000000_%04d", ++nextApp);
        AppZkCredentials credentials = new AppZkCredentials(id, AppZkSecret.generate());
        CuratorFramework client = started(CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .retryPolicy(new RetryNTimes(1, 100))
                .authorization(AppZkCredentials.SCHEME, credentials.authBytes()).build());
        return new App(id, credentials, client);
    }

    private static void awaitNode(String path) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        while (scheduler.checkExists().forPath(path) == null) {
            assertTrue(System.currentTimeMillis() < deadline, path + " was not created within 10 s");
            Thread.sleep(20);
        }
    }

    private String read(String path) throws Exception {
        return new String(anonymous.getData().forPath(path), StandardCharsets.UTF_8);
    }

    private static String progressOf(App app) {
        return ROOT + "/jobs/" + app.id() + "/progress";
    }

    private static String specOf(App app) {
        return ROOT + "/jobs/" + app.id() + "/spec";
    }

    @Test
    void schedulerCreatesItsNodesWithItsAcl() throws Exception {
        assertEquals(Set.copyOf(settings.zkAcl()), Set.copyOf(scheduler.getACL().forPath(ROOT + "/jobs")));
        assertEquals(Set.copyOf(settings.zkAcl()), Set.copyOf(scheduler.getACL().forPath(ROOT)));
        scheduler.create().forPath(ROOT + "/scheduler-state");
        assertEquals(Set.copyOf(settings.zkAcl()), Set.copyOf(scheduler.getACL().forPath(ROOT + "/scheduler-state")));
    }

    @Test
    void applicationWritesItsOwnRecordsUnderItsJobNodesAcl() throws Exception {
        App a = admitted();
        a.writer().writeSpec(SPEC);
        a.writer().writeProgress(FIRST);
        ProgressSample second = new ProgressSample(2, 20, 1.5, 3.0, 1, 0);
        a.writer().writeProgress(second);
        assertEquals(SPEC, codec.specFromJson(read(specOf(a))));
        assertEquals(second, codec.progressFromJson(read(progressOf(a))));
        List<?> jobAcl = scheduler.getACL().forPath(ROOT + "/jobs/" + a.id());
        assertEquals(jobAcl, scheduler.getACL().forPath(progressOf(a)));
        assertEquals(jobAcl, scheduler.getACL().forPath(specOf(a)));
        assertTrue(jobAcl.contains(a.credentials().fullAccess()));
    }

    @Test
    void anotherApplicationCannotOverwriteProgressOrSpec() throws Exception {
        App a = admitted();
        App b = admitted();
        a.writer().writeSpec(SPEC);
        a.writer().writeProgress(FIRST);

        JobRecordWriter forger = b.writerFor(a.id());
        RecordAccessDeniedException progress = assertThrows(RecordAccessDeniedException.class,
                () -> forger.writeProgress(FORGED));
        assertEquals(progressOf(a), progress.path());
        assertEquals(Optional.of(b.id()), progress.credentialsOf());
        assertTrue(progress.getMessage().contains(progressOf(a)), progress.getMessage());
        assertTrue(progress.getMessage().contains("the credentials of " + b.id()), progress.getMessage());
        assertTrue(progress.getMessage().contains("belongs to another application or to the scheduler"),
                progress.getMessage());
        RecordAccessDeniedException spec = assertThrows(RecordAccessDeniedException.class,
                () -> forger.writeSpec(new JobDescription("forged", Framework.PYTORCH, Architecture.ALLREDUCE,
                        SyncMode.SYNCHRONOUS, Resources.of(8, 2, 4096), Resources.ZERO, 1, 64, 0, 0, 64, 0, 128,
                        TrainingGoal.steps(10))));
        assertEquals(specOf(a), spec.path());

        assertEquals(FIRST, codec.progressFromJson(read(progressOf(a))));
        assertEquals(SPEC, codec.specFromJson(read(specOf(a))));
        ProgressSample next = new ProgressSample(2, 20, 1.5, 3.0, 1, 0);
        a.writer().writeProgress(next);
        assertEquals(next, codec.progressFromJson(read(progressOf(a))));
    }

    @Test
    void anotherApplicationCannotDeleteRecordsNorCreateJobNodes() throws Exception {
        App a = admitted();
        App b = admitted();
        a.writer().writeSpec(SPEC);
        a.writer().writeProgress(FIRST);
        RecordAccessDeniedException denied = assertThrows(RecordAccessDeniedException.class,
                () -> b.writerFor(a.id()).remove());
        assertEquals(specOf(a), denied.path());
        assertEquals(SPEC, codec.specFromJson(read(specOf(a))));
        assertEquals(FIRST, codec.progressFromJson(read(progressOf(a))));
        assertThrows(KeeperException.NoAuthException.class,
                () -> b.client().create().forPath(ROOT + "/jobs/application_1700000000000_9999"));
    }

    @Test
    void wrongSecretForTheRightApplicationIsRefused() throws Exception {
        App a = admitted();
        a.writer().writeProgress(FIRST);
        AppZkCredentials guessed = new AppZkCredentials(a.id(), AppZkSecret.generate());
        CuratorFramework guesser = started(CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .retryPolicy(new RetryNTimes(1, 100))
                .authorization(AppZkCredentials.SCHEME, guessed.authBytes()).build());
        assertThrows(RecordAccessDeniedException.class,
                () -> new JobRecordWriter(guesser, ROOT, a.id(), guessed).writeProgress(FORGED));
        assertEquals(FIRST, codec.progressFromJson(read(progressOf(a))));
    }

    @Test
    void anonymousClientReadsButCannotWrite() throws Exception {
        App a = admitted();
        a.writer().writeProgress(FIRST);
        assertEquals(FIRST, codec.progressFromJson(read(progressOf(a))));
        RecordAccessDeniedException denied = assertThrows(RecordAccessDeniedException.class,
                () -> new JobRecordWriter(anonymous, ROOT, a.id()).writeProgress(FORGED));
        assertEquals(Optional.empty(), denied.credentialsOf());
        assertTrue(denied.getMessage().contains("no credentials (anonymous)"), denied.getMessage());
        assertThrows(KeeperException.NoAuthException.class,
                () -> anonymous.setData().forPath(progressOf(a), "{}".getBytes(StandardCharsets.UTF_8)));
        assertThrows(KeeperException.NoAuthException.class,
                () -> anonymous.create().forPath(ROOT + "/jobs/application_1700000000000_9998"));
        assertEquals(FIRST, codec.progressFromJson(read(progressOf(a))));
    }

    @Test
    void authenticatedWriterWaitsForTheSchedulerToCreateItsNode() throws Exception {
        App d = unadmitted();
        JobNodeMissingException missing = assertThrows(JobNodeMissingException.class,
                () -> d.writer().writeProgress(FIRST));
        assertTrue(missing.getMessage().contains("the scheduler has not created " + ROOT + "/jobs/" + d.id() + " yet"),
                missing.getMessage());
        assertNull(scheduler.checkExists().forPath(ROOT + "/jobs/" + d.id()));

        jobNodes.create(d.id(), Optional.of(d.credentials().secret()));
        awaitNode(ROOT + "/jobs/" + d.id());
        d.writer().writeProgress(FIRST);
        assertEquals(FIRST, codec.progressFromJson(read(progressOf(d))));
    }

    @Test
    void applicationRemovesItsRecordsAndTheSchedulerItsNode() throws Exception {
        App a = admitted();
        a.writer().writeSpec(SPEC);
        a.writer().writeProgress(FIRST);
        a.writer().remove();
        assertNull(scheduler.checkExists().forPath(progressOf(a)));
        assertNull(scheduler.checkExists().forPath(specOf(a)));
        assertNotNull(scheduler.checkExists().forPath(ROOT + "/jobs/" + a.id()));
        a.writer().remove();
    }

    @Test
    void schedulerDeletesAFinishedJobsNodeWithItsRecords() throws Exception {
        App a = admitted();
        a.writer().writeSpec(SPEC);
        a.writer().writeProgress(FIRST);
        scheduler.delete().deletingChildrenIfNeeded().forPath(ROOT + "/jobs/" + a.id());
        assertNull(scheduler.checkExists().forPath(ROOT + "/jobs/" + a.id()));

        App b = admitted();
        b.writer().writeProgress(FIRST);
        jobNodes.remove(b.id());
        long deadline = System.currentTimeMillis() + 10_000;
        while (scheduler.checkExists().forPath(ROOT + "/jobs/" + b.id()) != null) {
            assertTrue(System.currentTimeMillis() < deadline, "the job node was not removed within 10 s");
            Thread.sleep(20);
        }
    }
}
