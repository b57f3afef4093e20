package io.yarndl.it.secure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.cli.YarnDlJob;
import io.yarndl.contract.access.AppZkCredentials;
import io.yarndl.contract.records.JobRecordPaths;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.cluster.CapturedLog;
import io.yarndl.it.elastic.ProgressRecorder;
import io.yarndl.it.elastic.RealPyTorchJob;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.config.SchedulerSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.RMAuditLogger;
import org.apache.log4j.Level;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 23's headline: a real elastic PyTorch job on a Kerberized cluster ({@link SecureClusterExtension}
 * with a Kerberized HDFS, {@link SecureHdfsSettings}; YARN's application ACLs on). alice, from her
 * keytab login as {@code kinit -kt} would give her, submits a {@code ddp_cnn.py} job of 1..2 workers
 * checkpointing to HDFS; it grows to 2 workers, shrinks to 1 when her second job arrives, resumes from
 * its checkpoints and SUCCEEDS, its checkpoint folder hers alone. bob, with his own ticket, is
 * refused all of it: killing her running job (YARN's ACLs; the client says so and the RM's audit log
 * records it), writing her job's ZooKeeper records (with another application's secret or none),
 * and reading her checkpoint.
 *
 * <p>Workers ask for 3 of a node's 4 GPUs, so the two nodes hold two workers in all: the first job
 * alone can have both, and the second can only start if the first gives one back.
 */
class SecureElasticPyTorchJobTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(240);
    private static final String CS_ROOT = "yarn.scheduler.capacity.root";

    @RegisterExtension
    static final SecureClusterExtension CLUSTER = SecureClusterExtension.withHdfs(conf -> {
        conf.set(YarnConfiguration.RM_SCHEDULER, DeepLearningScheduler.class.getName());
        conf.set(SchedulerSettings.POLICY, "optimus");
        conf.setLong(SchedulerSettings.INTERVAL_MS, 500);
        conf.setLong(SchedulerSettings.PREEMPTION_GRACE_MS, 5_000);
        conf.set(SchedulerSettings.ZK_ACL, "sasl:rm:cdrwa,world:anyone:r");
        // YARN's application ACLs: only the owner, a YARN admin (alice, SecureYarnSettings) or a queue
        // administrator may kill a job; the CapacityScheduler's queues let anyone administer them by default.
        conf.setBoolean(YarnConfiguration.YARN_ACL_ENABLE, true);
        conf.set(CS_ROOT + ".acl_administer_queue", TestRealm.ADMIN);
        conf.set(CS_ROOT + "." + DlMiniCluster.DL_QUEUE + ".acl_administer_queue", TestRealm.ADMIN);
    });

    private static UserGroupInformation alice;
    private static UserGroupInformation bob;
    private static YarnClient yarn;

    private static DlMiniCluster cluster() {
        return CLUSTER.get();
    }

    @BeforeAll
    static void logInAndMakeHomes() throws Exception {
        alice = login(TestRealm.ADMIN);
        bob = login(TestRealm.USER);
        FileSystem superuser = cluster().hdfs().getFileSystem();
        for (String user : List.of(TestRealm.ADMIN, TestRealm.USER)) {
            Path home = new Path("/user/" + user);
            FileSystem.mkdirs(superuser, home, new FsPermission((short) 0755));
            superuser.setOwner(home, user, user);
        }
        yarn = as(alice, () -> {
            YarnClient client = YarnClient.createYarnClient();
            client.init(cluster().yarnConf());
            client.start();
            return client;
        });
    }

    @AfterAll
    static void stopClient() {
        if (yarn != null) {
            yarn.stop();
        }
    }

    @Test
    void alicesJobGrowsAndShrinksWithHdfsCheckpointsAndSucceedsWhileBobIsRefusedKillingItAndWritingItsRecords()
            throws Exception {
        String checkpoints = cluster().yarnConf().get("fs.defaultFS") + "/user/alice/checkpoints/ddp-secure";
        ApplicationId first = submitAsAlice(RealPyTorchJob.ddp("ddp-secure", 1, 2, 3, "--epochs", "4",
                "--steps-per-epoch", "40", "--checkpoint-dir", checkpoints), "--min-step-seconds", "0.2");
        try (ProgressRecorder progress = new ProgressRecorder(cluster().curator(), DlMiniCluster.ZK_ROOT,
                first.toString())) {
            progress.await(TIMEOUT, s -> s.stream().anyMatch(p -> p.workers() == 2), "the job to grow to 2 workers");

            assertBobMayNotKill(first);
            assertRecordsRefuseWritesWithoutAlicesJobSecret(first);

            ApplicationId second = submitAsAlice(RealPyTorchJob.ddp("ddp-secure-second", 1, 1, 3, "--epochs", "1",
                    "--steps-per-epoch", "20"), "--min-step-seconds", "0.1");
            progress.await(TIMEOUT, SecureElasticPyTorchJobTest::grewThenShrank,
                    "the first job to shrink back to 1 worker");
            assertSucceeded(awaitEnd(second));
            assertSucceeded(awaitEnd(first));

            List<ProgressSample> samples = progress.samples();
            System.out.println("SECURE ddp-secure world sizes in order: " + ProgressRecorder.worldSizes(samples)
                    + ", " + samples.size() + " samples");
            for (int i = 1; i < samples.size(); i++) {
                assertTrue(samples.get(i).step() > samples.get(i - 1).step(), "the step went backwards at sample "
                        + i + ": " + samples.get(i - 1) + " then " + samples.get(i));
            }
            assertTrue(samples.get(samples.size() - 1).loss() < samples.get(0).loss(),
                    "loss did not fall: first " + samples.get(0) + ", last " + samples.get(samples.size() - 1));
        }
        Path checkpoint = new Path(checkpoints, "checkpoint.pt");
        as(alice, () -> {
            FileSystem fs = FileSystem.get(checkpoint.toUri(), cluster().yarnConf());
            FileStatus folder = fs.getFileStatus(checkpoint.getParent());
            assertEquals(TestRealm.ADMIN, folder.getOwner());
            assertEquals("rwx------", folder.getPermission().toString());
            FileStatus file = fs.getFileStatus(checkpoint);
            assertEquals(TestRealm.ADMIN, file.getOwner());
            assertTrue(file.getLen() > 0, file.toString());
            return null;
        });
        as(bob, () -> {
            FileSystem fs = FileSystem.get(checkpoint.toUri(), cluster().yarnConf());
            assertThrows(AccessControlException.class, () -> fs.open(checkpoint).close(), "bob reads alice's checkpoint");
            assertThrows(AccessControlException.class, () -> fs.create(checkpoint, true).close(),
                    "bob overwrites alice's checkpoint");
            return null;
        });
    }

    /** bob's {@code kill} through the client: exit 1, the refusal named, the RM's audit log, the job running on. */
    private static void assertBobMayNotKill(ApplicationId app) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (CapturedLog audit = CapturedLog.of(RMAuditLogger.class, Level.WARN)) {
            code = as(bob, () -> YarnDlJob.run(new String[] {"kill", app.toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                    cluster().yarnConf()));
            String refusals = audit.lines().stream().map(CapturedLog.Line::message)
                    .filter(line -> line.contains("USER=" + TestRealm.USER) && line.contains("RESULT=FAILURE")
                            && line.contains(app.toString()))
                    .reduce("", (a, b) -> a + b + "\n");
            assertFalse(refusals.isEmpty(), "no audit line of bob's refused kill in: " + audit.lines());
            System.out.println("SECURE audit: " + refusals.strip());
        }
        String printed = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, code, out.toString(StandardCharsets.UTF_8) + printed);
        assertTrue(printed.contains("bob may not kill " + app + ", a job of alice"), printed);
        assertEquals(YarnApplicationState.RUNNING, yarn.getApplicationReport(app).getYarnApplicationState(),
                "alice's job after bob's kill");
    }

    /** Neither a client with another application's secret (bob's job's) nor one without any writes her records. */
    private static void assertRecordsRefuseWritesWithoutAlicesJobSecret(ApplicationId app) throws Exception {
        JobRecordPaths paths = new JobRecordPaths(DlMiniCluster.ZK_ROOT);
        String connect = cluster().curator().getZookeeperClient().getCurrentConnectionString();
        AppZkCredentials bobsJob = new AppZkCredentials("application_1_9999", "bobs-own-secret");
        byte[] forged = "{\"forged\":true}".getBytes(StandardCharsets.UTF_8);
        try (CuratorFramework asBobsJob = CuratorFrameworkFactory.builder().connectString(connect)
                .retryPolicy(new RetryNTimes(3, 100)).authorization(AppZkCredentials.SCHEME, bobsJob.authBytes())
                .build()) {
            asBobsJob.start();
            for (CuratorFramework client : List.of(asBobsJob, cluster().curator())) {
                for (String path : List.of(paths.spec(app.toString()), paths.progress(app.toString()))) {
                    assertTrue(client.checkExists().forPath(path) != null, path + " not written yet");
                    assertThrows(KeeperException.NoAuthException.class, () -> client.setData().forPath(path, forged),
                            path);
                    assertThrows(KeeperException.NoAuthException.class, () -> client.delete().forPath(path), path);
                }
            }
        }
    }

    private static boolean grewThenShrank(List<ProgressSample> samples) {
        List<Integer> sizes = ProgressRecorder.worldSizes(samples);
        int two = sizes.indexOf(2);
        return two >= 0 && sizes.subList(two, sizes.size()).contains(1);
    }

    private static ApplicationId submitAsAlice(List<String> jobArgs, String... scriptArgs) throws Exception {
        return as(alice, () -> RealPyTorchJob.submit(cluster(), jobArgs, scriptArgs));
    }

    private static ApplicationReport awaitEnd(ApplicationId id) throws Exception {
        return RealPyTorchJob.awaitEnd(yarn, id, TIMEOUT);
    }


    private static void assertSucceeded(ApplicationReport report) {
        assertEquals(FinalApplicationStatus.SUCCEEDED, report.getFinalApplicationStatus(),
                report.getApplicationId() + ": " + report.getDiagnostics());
    }

    private static UserGroupInformation login(String user) throws Exception {
        return UserGroupInformation.loginUserFromKeytabAndReturnUGI(CLUSTER.realm().principal(user),
                CLUSTER.realm().keytab(user).getAbsolutePath());
    }

    private static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
        return user.doAs(action);
    }
}
