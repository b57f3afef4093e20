package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.job.CredentialsBuffer;
import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.am.master.CheckpointLocation;
import io.yarndl.am.master.ControlToken;
import io.yarndl.am.master.WorkerCredentials;
import io.yarndl.contract.access.AppZkSecret;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.security.token.delegation.DelegationTokenIdentifier;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ContainerLaunchContext;
import org.apache.hadoop.yarn.security.AMRMTokenIdentifier;
import org.apache.log4j.Logger;
import org.apache.log4j.SimpleLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HDFS checkpoints on a Kerberized cluster ({@link SecureHdfs}, one per class), from {@code submit}
 * to the Python helper: alice's submission stages her files in a directory of hers alone and
 * carries an HDFS delegation token for the checkpoint NameNode that the ResourceManager may
 * renew; the AM, with that token and no Kerberos ticket,
 * creates the checkpoint directory for alice alone and hands the token, never its AMRMToken, to the
 * workers; the real {@code yarn_dl} helper with nothing but the worker's token file writes and
 * reads a checkpoint through WebHDFS; and bob, with his own ticket, is refused alice's checkpoints,
 * which the AM logs with his name and the directory.
 */
class SecureHdfsCheckpointsTest {

    private static final String PYTHON = System.getProperty("yarndl.python", "/usr/bin/python3");

    @TempDir
    static java.nio.file.Path work;

    private static SecureHdfs hdfs;
    private static UserGroupInformation alice;
    private static UserGroupInformation bob;

    @BeforeAll
    static void startSecureHdfs() throws Exception {
        hdfs = SecureHdfs.start(work);
        alice = hdfs.login("alice");
        bob = hdfs.login("bob");
    }

    @AfterAll
    static void stop() {
        if (hdfs != null) {
            hdfs.close();
        }
    }

    /**
     * What {@code submit} does for alice's application {@code app} checkpointing to {@code checkpointDir}:
     * staging its files, then the AM's launch context with the job's tokens.
     */
    private static ContainerLaunchContext aliceSubmits(int app, String checkpointDir) throws Exception {
        Configuration conf = hdfs.conf();
        CliFixture cli = new CliFixture(Files.createTempDirectory(work, "cli"));
        JobRequest request = JobRequest.from(JobRequestTest.parse(cli.submit()), conf, Optional.empty());
        return as(alice, () -> {
            HdfsDelegationTokens.requireKerberosTicket();
            Staging staging = staging(app);
            List<ShippedFile> shipped = staging.ship(request);
            Credentials tokens = HdfsDelegationTokens.forDirectories(conf,
                    List.of(staging.dir(), new Path(checkpointDir)));
            ElasticJobConfig config = request.amConfig(shipped, checkpointDir, staging.dir().toString());
            return AmLaunchContext.build(request, config, conf, tokens);
        });
    }

    private static Staging staging(int app) throws Exception {
        return Staging.of(FileSystem.get(FileSystem.getDefaultUri(hdfs.conf()), hdfs.conf()),
                ApplicationId.newInstance(1, app));
    }

    /** The AM of that submission: alice by name, with the launch context's credentials and no ticket. */
    private static UserGroupInformation amOf(ContainerLaunchContext launch) throws Exception {
        UserGroupInformation am = UserGroupInformation.createRemoteUser("alice");
        am.addCredentials(CredentialsBuffer.read(launch.getTokens()));
        // What the RM adds for the attempt: the workers must not get it.
        am.addToken(new Token<>(new byte[] {1}, new byte[] {2}, AMRMTokenIdentifier.KIND_NAME, new Text("rm:8030")));
        return am;
    }

    private static String checkpointDir(String name) {
        return FileSystem.getDefaultUri(hdfs.conf()) + "/user/alice/" + name;
    }

    @Test
    void alicesLaunchContextCarriesAnHdfsTokenTheResourceManagerRenews() throws Exception {
        ContainerLaunchContext launch = aliceSubmits(1, checkpointDir("ckpt-a"));
        Credentials credentials = CredentialsBuffer.read(launch.getTokens());
        List<Token<?>> hdfsTokens = credentials.getAllTokens().stream()
                .filter(t -> DelegationTokenIdentifier.HDFS_DELEGATION_KIND.equals(t.getKind())).toList();
        assertEquals(1, hdfsTokens.size(), "one token for the one NameNode of staging and checkpoints");
        DelegationTokenIdentifier id = (DelegationTokenIdentifier) hdfsTokens.get(0).decodeIdentifier();
        assertEquals("alice", id.getUser().getShortUserName());
        assertEquals(SecureHdfs.rmShortName(), id.getRenewer().toString());
        String service = FileSystem.get(FileSystem.getDefaultUri(hdfs.conf()), hdfs.conf()).getCanonicalServiceName();
        assertEquals(service, hdfsTokens.get(0).getService().toString());
        assertTrue(AppZkSecret.secretIn(credentials).isPresent(), "the ZooKeeper secret travels beside it");
        as(alice, () -> {
            FileStatus staged = FileSystem.get(FileSystem.getDefaultUri(hdfs.conf()), hdfs.conf())
                    .getFileStatus(staging(1).dir());
            assertEquals("alice", staged.getOwner());
            assertEquals("rwx------", staged.getPermission().toString(), "the staged script is alice's alone");
            return null;
        });
    }

    @Test
    void workersGetTheCheckpointTokenButNeitherTheAmRmTokenNorTheAmsSecret() throws Exception {
        String dir = checkpointDir("ckpt-b");
        UserGroupInformation am = amOf(aliceSubmits(2, dir));
        CheckpointLocation location = as(am, () -> CheckpointLocation.prepare(dir, hdfs.conf()));
        Credentials amCredentials = am.getCredentials();
        Credentials worker = CredentialsBuffer.read(WorkerCredentials.of(ControlToken.generate(), amCredentials,
                location.tokenService()));
        Token<?> hdfsToken = amCredentials.getToken(location.tokenService().orElseThrow());
        assertEquals(DelegationTokenIdentifier.HDFS_DELEGATION_KIND, hdfsToken.getKind());
        assertEquals(hdfsToken, worker.getToken(location.tokenService().get()));
        assertFalse(worker.getAllTokens().stream().anyMatch(t -> AMRMTokenIdentifier.KIND_NAME.equals(t.getKind())),
                "no AMRMToken for the workers");
        assertTrue(AppZkSecret.secretIn(worker).isEmpty(), "no ZooKeeper secret for the workers");
        assertTrue(worker.getSecretKey(new Text(ControlToken.ALIAS)) != null);
        assertEquals(hdfsToken.encodeToUrlString(), new String(worker.getSecretKey(
                new Text(WorkerCredentials.WEBHDFS_DELEGATION_ALIAS)), StandardCharsets.UTF_8));
    }

    @Test
    void theHelperWithTheTokenAloneWritesAndReadsACheckpointThatOnlyAliceMayOpen() throws Exception {
        String dir = checkpointDir("ckpt-c");
        UserGroupInformation am = amOf(aliceSubmits(3, dir));
        CheckpointLocation location = as(am, () -> CheckpointLocation.prepare(dir, hdfs.conf()));
        assertTrue(location.helperUri().startsWith("webhdfs://localhost:"), location.helperUri());
        ByteBuffer container = WorkerCredentials.of(ControlToken.generate(), am.getCredentials(),
                location.tokenService());
        java.nio.file.Path tokenFile = work.resolve("container_tokens");
        byte[] bytes = new byte[container.remaining()];
        container.get(bytes);
        Files.write(tokenFile, bytes);  // what a NodeManager writes: the launch context's bytes

        String log = runHelper(location.helperUri(), tokenFile, "import yarn_dl, torch\n"
                + "yarn_dl.save_checkpoint({'step': 5, 'w': torch.ones(3)}, 5)\n"
                + "state = yarn_dl.load_checkpoint()\n"
                + "assert state['step'] == 5 and torch.equal(state['w'], torch.ones(3)), state\n");

        as(alice, () -> {
            FileSystem fs = FileSystem.get(FileSystem.getDefaultUri(hdfs.conf()), hdfs.conf());
            FileStatus folder = fs.getFileStatus(new Path(dir));
            FileStatus checkpoint = fs.getFileStatus(new Path(dir, "checkpoint.pt"));
            assertEquals("alice", folder.getOwner());
            assertEquals("rwx------", folder.getPermission().toString());
            assertEquals("alice", checkpoint.getOwner(), log);
            assertTrue(checkpoint.getLen() > 0, log);
            return null;
        });
    }

    @Test
    void bobIsRefusedReadingAndWritingAlicesCheckpoints() throws Exception {
        String dir = checkpointDir("ckpt-d");
        Path checkpoint = new Path(dir, "checkpoint.pt");
        as(alice, () -> {
            CheckpointLocation.prepare(dir, hdfs.conf());
            try (FSDataOutputStream out = FileSystem.get(checkpoint.toUri(), hdfs.conf()).create(checkpoint)) {
                out.write(new byte[] {1, 2, 3});
            }
            return null;
        });
        as(bob, () -> {
            FileSystem fs = FileSystem.get(checkpoint.toUri(), hdfs.conf());
            assertThrows(AccessControlException.class, () -> fs.open(checkpoint).close(), "read");
            assertThrows(AccessControlException.class, () -> fs.create(checkpoint, true).close(), "overwrite");
            assertThrows(AccessControlException.class, () -> fs.listStatus(new Path(dir)), "list");
            return null;
        });
        StringWriter log = new StringWriter();
        WriterAppender appender = new WriterAppender(new SimpleLayout(), log);
        Logger.getLogger(CheckpointLocation.class).addAppender(appender);
        try {
            AccessControlException refused = assertThrows(AccessControlException.class,
                    () -> as(bob, () -> CheckpointLocation.prepare(dir, hdfs.conf())), "bob's job in alice's directory");
            assertTrue(refused.getMessage().contains("belongs to alice, not to bob"), refused.getMessage());
        } finally {
            Logger.getLogger(CheckpointLocation.class).removeAppender(appender);
        }
        assertTrue(log.toString().contains("WARN - user bob was refused the checkpoint directory " + dir), log.toString());
    }

    @Test
    void withoutAKerberosTicketTheClientSaysToRunKinitButAProxyUserHasItsRealUsersTicket() throws Exception {
        UserGroupInformation carol = UserGroupInformation.createRemoteUser("carol");
        UsageException e = assertThrows(UsageException.class, () -> as(carol, () -> {
            HdfsDelegationTokens.requireKerberosTicket();
            return null;
        }));
        assertTrue(e.getMessage().contains("kinit"), e.getMessage());
        as(UserGroupInformation.createProxyUser("carol", alice), () -> {
            HdfsDelegationTokens.requireKerberosTicket();
            return null;
        });
    }

    private static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
        return user.doAs(action);
    }

    /** Runs {@code code} with the real helper, as a worker's trainer: the token file, no ticket, no user name. */
    private static String runHelper(String checkpointUri, java.nio.file.Path tokenFile, String code) throws Exception {
        java.nio.file.Path log = Files.createTempFile(work, "python", ".log");
        ProcessBuilder python = new ProcessBuilder(PYTHON, "-c", code).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = python.environment();
        env.keySet().removeIf(name -> name.startsWith("YARN_DL_") || name.equals("RANK") || name.startsWith("KRB5"));
        env.put("PYTHONPATH", java.nio.file.Path.of("src/main/python").toAbsolutePath().toString());
        env.put("PYTHONDONTWRITEBYTECODE", "1");
        env.put("HADOOP_TOKEN_FILE_LOCATION", tokenFile.toString());
        env.put("YARN_DL_CHECKPOINT_DIR", checkpointUri);
        env.put("KRB5CCNAME", "FILE:" + work.resolve("no-ticket-cache"));
        Process process = python.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("python did not finish in 60 s: " + Files.readString(log));
        }
        String output = Files.readString(log);
        assertEquals(0, process.exitValue(), output);
        return output;
    }
}
