package io.yarndl.am.master;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.net.NetUtils;

/**
 * Where the Python helper keeps the job's checkpoints. The client names a Hadoop URI; the helper,
 * which has only Python's standard library and torch, speaks two kinds: local paths
 * ({@code file://}, for single-node clusters, where every container sees the same disk) and WebHDFS
 * REST. So {@code hdfs://nn:8020/dir} becomes {@code webhdfs://<nn http address>/dir}.
 */
public final class CheckpointLocation {

    /** Hadoop's key for the NameNode's HTTP address (host:port), as in hdfs-site.xml. */
    static final String NAMENODE_HTTP_ADDRESS = "dfs.namenode.http-address";
    static final String DEFAULT_NAMENODE_HTTP_ADDRESS = "0.0.0.0:9870";

    private CheckpointLocation() {
    }

    /**
     * Creates the directory and says how the helper reaches it.
     *
     * @throws IOException              when the directory cannot be created
     * @throws IllegalArgumentException for a file system the helper cannot write (naming the ones it can)
     */
    public static String prepare(String checkpointDir, Configuration conf) throws IOException {
        Path dir = new Path(checkpointDir);
        String scheme = dir.toUri().getScheme() != null ? dir.toUri().getScheme()
                : FileSystem.getDefaultUri(conf).getScheme();
        if (!"file".equals(scheme) && !"hdfs".equals(scheme)) {
            throw new IllegalArgumentException("checkpoint directory " + checkpointDir + ": the Python helper writes "
                    + "checkpoints to file:// (single node) or hdfs:// (through WebHDFS) only, not " + scheme + "://");
        }
        FileSystem fs = dir.getFileSystem(conf);
        Path qualified = fs.makeQualified(dir);
        fs.mkdirs(qualified);
        return forHelper(qualified.toUri(), conf);
    }

    /** The helper's URI for a qualified {@code file://} or {@code hdfs://} directory. */
    static String forHelper(URI dir, Configuration conf) {
        if ("file".equals(dir.getScheme())) {
            return "file://" + dir.getPath();
        }
        InetSocketAddress http = NetUtils.createSocketAddr(
                conf.get(NAMENODE_HTTP_ADDRESS, DEFAULT_NAMENODE_HTTP_ADDRESS), 9870, NAMENODE_HTTP_ADDRESS);
        String host = http.getAddress() != null && http.getAddress().isAnyLocalAddress()
                ? dir.getHost() : http.getHostString();
        return "webhdfs://" + host + ":" + http.getPort() + dir.getPath();
    }
}
