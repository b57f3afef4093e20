package io.yarndl.demo.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * Starts the HDFS of a {@link DlMiniCluster} started {@link DlClusterOptions#withHdfs() withHdfs}: a
 * {@link MiniDFSCluster} with one DataNode, in a folder of its own, made the default file system of
 * the configuration YARN then starts with, so that job files are staged there and checkpoints
 * written there.
 */
final class ClusterHdfs {

    private ClusterHdfs() {
    }

    /**
     * Applies {@code settings} to {@code conf} (a Kerberized HDFS needs its daemons' principals before
     * it starts), starts the HDFS, waits until it is up, and points {@code conf} at it.
     */
    static MiniDFSCluster startAsDefaultFileSystem(Configuration conf, Consumer<Configuration> settings)
            throws IOException {
        // A folder of its own: the default (test.build.data/dfs) is shared by every cluster started
        // from the same working folder, and the builder formats it, wiping another one's blocks.
        Path dataDir = Files.createDirectories(Path.of(System.getProperty("test.build.data", "target/test/data")));
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, Files.createTempDirectory(dataDir, "dfs-").toString());
        settings.accept(conf);
        MiniDFSCluster hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        hdfs.waitActive();
        conf.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, hdfs.getURI().toString());
        // Written into the yarn-site.xml containers read: the Python helper reaches HDFS through it.
        conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY,
                "127.0.0.1:" + hdfs.getNameNode().getHttpAddress().getPort());
        return hdfs;
    }
}
