package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.am.launch.Role;
import io.yarndl.am.launch.TrainerCommand;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import io.yarndl.am.job.CredentialsBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.token.Token;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two halves of the control token meet: the AM's {@link ControlToken} goes through Hadoop's own
 * credentials code, as a NodeManager writes a container's token file, and the real {@code yarn_dl}
 * helper, run by the same Python the containers run, reads it and gets its report past a real
 * {@link ControlServer}. The Python unit tests check the reader against a writer of their own; this
 * checks it against Hadoop's.
 */
class PythonHelperTokenTest {

    private static final String PYTHON = System.getProperty("yarndl.python", "/usr/bin/python3");

    @TempDir
    Path dir;

    private final ControlToken token = ControlToken.generate();
    private ElasticJob job;
    private ControlServer server;

    @BeforeEach
    void start() throws Exception {
        job = new ElasticJob(new JobLimits(1, 2, 0, 0, 3, 10_000, 0, 32),
                (plan, id) -> new TrainerCommand(List.of("run", id), Map.of()), System::currentTimeMillis);
        job.granted("container_1", Role.WORKER);
        server = new ControlServer(job, token, () -> { }, 0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** The container's token file as a NodeManager writes it: the launch context's credentials, re-serialised. */
    private Path tokenFileAsTheNodeManagerWritesIt() throws Exception {
        Credentials credentials = CredentialsBuffer.read(WorkerCredentials.of(token, new Credentials(), Optional.empty()));
        // A delegation token beside ours, as on a secure cluster: the reader must step over it.
        credentials.addToken(new Text("hdfs"), new Token<>("x".repeat(300).getBytes(StandardCharsets.UTF_8),
                new byte[20], new Text("HDFS_DELEGATION_TOKEN"), new Text("ha-hdfs:nn")));
        Path file = dir.resolve("container_tokens");
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(file))) {
            credentials.writeTokenStorageToStream(out);
        }
        return file;
    }

    private int report(Path tokenFile) throws Exception {
        ProcessBuilder python = new ProcessBuilder(PYTHON, "-c", "import yarn_dl; yarn_dl.report(7, 0.5, 64.0)")
                .redirectErrorStream(true).redirectOutput(dir.resolve("python.log").toFile());
        Map<String, String> env = python.environment();
        env.put("PYTHONPATH", Path.of("src/main/python").toAbsolutePath().toString());
        env.put("PYTHONDONTWRITEBYTECODE", "1");
        env.put("YARN_DL_AM_URL", "http://127.0.0.1:" + server.port());
        env.put("YARN_DL_GENERATION", "1");
        env.remove("RANK");
        env.remove("HADOOP_TOKEN_FILE_LOCATION");
        if (tokenFile != null) {
            env.put("HADOOP_TOKEN_FILE_LOCATION", tokenFile.toString());
        }
        Process process = python.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("python did not finish in 60 s");
        }
        return process.exitValue();
    }

    @Test
    void theHelperReadsTheTokenHadoopWroteAndItsReportIsAccepted() throws Exception {
        assertEquals(0, report(tokenFileAsTheNodeManagerWritesIt()), Files.readString(dir.resolve("python.log")));
        assertEquals(7L, job.scriptView().step(), Files.readString(dir.resolve("python.log")));
        assertEquals(0, server.unauthorizedRequests());
    }

    @Test
    void aHelperWithoutTheTokenFileIsRefusedAndItsReportIgnored() throws Exception {
        assertEquals(0, report(null), "the helper never crashes training");
        assertEquals(-1L, job.scriptView().step());
        assertEquals(1, server.unauthorizedRequests());
    }
}
