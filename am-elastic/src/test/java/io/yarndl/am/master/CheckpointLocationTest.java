package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointLocationTest {

    @Test
    void aLocalDirectoryIsCreatedAndGivenToTheHelperAsAFileUri(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("ckpt/job1");
        CheckpointLocation location = CheckpointLocation.prepare(dir.toUri().toString(), new Configuration());
        assertEquals("file://" + dir, location.helperUri());
        assertTrue(location.tokenService().isEmpty(), "no delegation token for a local directory");
        assertTrue(Files.isDirectory(dir));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    }

    @Test
    void hdfsBecomesWebHdfsOnTheNameNodesHttpAddress() {
        Configuration conf = new Configuration(false);
        conf.set(CheckpointLocation.NAMENODE_HTTP_ADDRESS, "nn1.example.com:9871");
        assertEquals("webhdfs://nn1.example.com:9871/user/alice/ckpt",
                CheckpointLocation.forHelper(URI.create("hdfs://nn1.example.com:8020/user/alice/ckpt"), conf));
    }

    @Test
    void aNameNodeServingHttpsOnlyIsReachedThroughSwebhdfsOnItsHttpsAddress() {
        Configuration conf = new Configuration(false);
        conf.set(CheckpointLocation.HTTP_POLICY, "HTTPS_ONLY");
        conf.set(CheckpointLocation.NAMENODE_HTTP_ADDRESS, "nn1.example.com:9870");
        assertEquals("swebhdfs://nn1.example.com:9871/ckpt",
                CheckpointLocation.forHelper(URI.create("hdfs://nn1.example.com:8020/ckpt"), conf));
        conf.set(CheckpointLocation.NAMENODE_HTTPS_ADDRESS, "nn1.example.com:50470");
        assertEquals("swebhdfs://nn1.example.com:50470/ckpt",
                CheckpointLocation.forHelper(URI.create("hdfs://nn1.example.com:8020/ckpt"), conf));
    }

    @Test
    void aWildcardHttpAddressMeansTheNameNodesOwnHost() {
        Configuration conf = new Configuration(false);
        assertEquals("webhdfs://nn2:9870/ckpt", CheckpointLocation.forHelper(URI.create("hdfs://nn2:8020/ckpt"), conf));
    }

    @Test
    void theModeComesFromTheConfigurationAndABadOneIsRefusedNamingTheKey(@TempDir Path tmp) throws Exception {
        Configuration conf = new Configuration(false);
        conf.set(CheckpointPermission.KEY, "750");
        Path dir = tmp.resolve("shared");
        CheckpointLocation.prepare(dir.toUri().toString(), conf);
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        conf.set(CheckpointPermission.KEY, "rwx");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CheckpointLocation.prepare(dir.toUri().toString(), conf), "checked for an existing directory too");
        assertTrue(e.getMessage().contains(CheckpointPermission.KEY), e.getMessage());
    }

    @Test
    void aFileSystemThePythonHelperCannotWriteIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CheckpointLocation.prepare("har:///archive/ckpt", new Configuration()));
        assertTrue(e.getMessage().contains("file:// (single node) or hdfs://"), e.getMessage());
    }
}
