package io.yarndl.am.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.am.job.ShippedFile;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Staging on the local file system, with the home directory moved into a temporary directory. */
class StagingTest {

    @TempDir
    Path tmp;

    private LocalFileSystem fsWithHome(Path home) throws IOException {
        LocalFileSystem fs = new LocalFileSystem() {
            @Override
            public org.apache.hadoop.fs.Path getHomeDirectory() {
                return new org.apache.hadoop.fs.Path(home.toUri());
            }
        };
        fs.initialize(URI.create("file:///"), new Configuration(false));
        return fs;
    }

    @Test
    void uploadsAmJarScriptAndFilesWithTheirSizesAndTimes() throws IOException {
        CliFixture fx = new CliFixture(Files.createDirectories(tmp.resolve("local")));
        Path home = Files.createDirectories(tmp.resolve("home"));
        JobRequest request = JobRequest.from(JobRequestTest.parse(fx.submit("--files", fx.data.toString())),
                new Configuration(false), Optional.empty());
        ApplicationId app = ApplicationId.newInstance(1700000000000L, 7);
        Staging staging = Staging.of(fsWithHome(home), app);

        List<ShippedFile> shipped = staging.ship(request);

        Path dir = home.resolve(".yarn-dl").resolve("application_1700000000000_0007");
        assertEquals(List.of("yarn-dl-am.jar", "train.py", "data.npz"), shipped.stream().map(ShippedFile::name).toList());
        for (ShippedFile file : shipped) {
            Path uploaded = dir.resolve(file.name());
            assertTrue(Files.isRegularFile(uploaded), uploaded.toString());
            assertEquals(Files.size(uploaded), file.size());
            assertEquals(Files.getLastModifiedTime(uploaded).toMillis(), file.timestamp());
            assertEquals(uploaded.toUri().getPath(), URI.create(file.uri()).getPath());
            assertEquals("file", URI.create(file.uri()).getScheme());
            assertFalse(file.archive());
        }
        assertEquals(Files.readString(fx.script), Files.readString(dir.resolve("train.py")));
        assertEquals("file:" + dir.resolve("checkpoints").toUri().getPath(), staging.defaultCheckpointDir());

        staging.delete();
        assertFalse(Files.exists(dir));
    }

    @Test
    void qualifiesACheckpointDirectoryWithoutScheme() throws IOException {
        Staging staging = Staging.of(fsWithHome(tmp), ApplicationId.newInstance(1L, 1));
        assertEquals("file:/data/ckpt", staging.qualify("/data/ckpt"));
        assertEquals("hdfs://nn:8020/ckpt", staging.qualify("hdfs://nn:8020/ckpt"));
    }

    @Test
    void aKeepStagingJobsDirectoryIsMarkedSoKillLeavesIt() throws IOException {
        Staging staging = Staging.of(fsWithHome(tmp), ApplicationId.newInstance(1L, 2));
        Files.createDirectories(Path.of(staging.dir().toUri()));
        assertFalse(staging.isKept());

        staging.markKept();

        assertTrue(staging.isKept());
        assertTrue(Files.exists(Path.of(staging.dir().toUri()).resolve(Staging.KEEP_MARKER)));
    }
}
