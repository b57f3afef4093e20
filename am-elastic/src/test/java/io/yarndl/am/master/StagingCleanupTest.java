package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The AM's removal of the client's staging directory, on the local file system. */
class StagingCleanupTest {

    @TempDir
    Path tmp;

    private Path stagingWithFiles() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(".yarn-dl/application_1_0001"));
        Files.writeString(dir.resolve("train.py"), "print('training')\n");
        Files.createDirectories(dir.resolve("checkpoints"));
        Files.writeString(dir.resolve("checkpoints/ckpt-10.pt"), "state");
        return dir;
    }

    @Test
    void theStagingDirectoryGoesWithEverythingInIt() throws Exception {
        Path dir = stagingWithFiles();

        StagingCleanup.remove(dir.toUri().toString(), new Configuration(false));

        assertFalse(Files.exists(dir));
        assertTrue(Files.isDirectory(dir.getParent()), "only the application's own directory goes");
    }

    @Test
    void withoutADirectoryToRemoveTheStagingIsKept() throws Exception {
        Path dir = stagingWithFiles();

        StagingCleanup.remove(null, new Configuration(false));
        StagingCleanup.remove("", new Configuration(false));

        assertTrue(Files.exists(dir.resolve("train.py")));
    }

    @Test
    void aDirectoryAlreadyGoneIsNoError() {
        StagingCleanup.remove(tmp.resolve("gone").toUri().toString(), new Configuration(false));
        assertFalse(Files.exists(tmp.resolve("gone")));
    }
}
