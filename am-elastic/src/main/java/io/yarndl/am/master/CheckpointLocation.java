package io.yarndl.am.master;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.http.HttpConfig;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the Python helper keeps the job's checkpoints. The client names a Hadoop URI; the helper,
 * which has only Python's standard library and torch, speaks two kinds: local paths
 * ({@code file://}, for single-node clusters, where every container sees the same disk) and WebHDFS
 * REST. So {@code hdfs://nn:8020/dir} becomes {@code webhdfs://<nn http address>/dir}, or
 * {@code swebhdfs://<nn https address>/dir} where the NameNode serves HTTPS only
 * ({@code dfs.http.policy=HTTPS_ONLY}, usual on secure clusters).
 *
 * <p>The AM creates the directory as the job's user with the mode of {@link CheckpointPermission}
 * (0700 by default), so that another user's job can neither read nor replace the checkpoints. On
 * a secure cluster an existing directory must belong to the job's user. HDFS checks every later
 * access by the helper against that owner and mode, with the job's delegation token as identity.
 *
 * @param helperUri    the directory as the helper reads it ({@code file://}, {@code webhdfs://} or
 *                     {@code swebhdfs://})
 * @param tokenService the service of the file system's delegation tokens ({@code host:port} or
 *                     {@code ha-hdfs:<nameservice>}): the token the helper needs, empty for {@code file://}
 */
public record CheckpointLocation(String helperUri, Optional<Text> tokenService) {

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointLocation.class);

    /** Hadoop's key for the NameNode's HTTP address (host:port), as in hdfs-site.xml. */
    static final String NAMENODE_HTTP_ADDRESS = "dfs.namenode.http-address";
    static final String DEFAULT_NAMENODE_HTTP_ADDRESS = "0.0.0.0:9870";
    /** Hadoop's keys for the NameNode's HTTPS address and for which of HTTP and HTTPS it serves. */
    static final String NAMENODE_HTTPS_ADDRESS = "dfs.namenode.https-address";
    static final String DEFAULT_NAMENODE_HTTPS_ADDRESS = "0.0.0.0:9871";
    static final String HTTP_POLICY = "dfs.http.policy";

    /**
     * Creates the directory (as the current user, with {@link CheckpointPermission}'s mode) and
     * says how the helper reaches it. A refusal is logged with the user and the directory.
     *
     * @throws IOException              when the directory cannot be created, or, with security on,
     *                                  belongs to another user
     * @throws IllegalArgumentException for a file system the helper cannot write (naming the ones it can)
     */
    public static CheckpointLocation prepare(String checkpointDir, Configuration conf) throws IOException {
        Path dir = new Path(checkpointDir);
        String scheme = dir.toUri().getScheme() != null ? dir.toUri().getScheme()
                : FileSystem.getDefaultUri(conf).getScheme();
        if (!"file".equals(scheme) && !"hdfs".equals(scheme)) {
            throw new IllegalArgumentException("checkpoint directory " + checkpointDir + ": the Python helper writes "
                    + "checkpoints to file:// (single node) or hdfs:// (through WebHDFS) only, not " + scheme + "://");
        }
        FsPermission mode = CheckpointPermission.from(conf);
        FileSystem fs = dir.getFileSystem(conf);
        Path qualified = fs.makeQualified(dir);
        String user = UserGroupInformation.getCurrentUser().getShortUserName();
        try {
            createOwned(fs, qualified, user, mode);
        } catch (AccessControlException refused) {
            LOG.warn("user {} was refused the checkpoint directory {}: {}", user, qualified, refused.getMessage());
            throw refused;
        }
        Optional<Text> service = "hdfs".equals(scheme)
                ? Optional.ofNullable(fs.getCanonicalServiceName()).map(Text::new) : Optional.empty();
        return new CheckpointLocation(forHelper(qualified.toUri(), conf), service);
    }

    private static void createOwned(FileSystem fs, Path dir, String user, FsPermission mode) throws IOException {
        if (!fs.exists(dir)) {
            // mkdirs, then an explicit chmod: the mode must not depend on the user's umask.
            FileSystem.mkdirs(fs, dir, mode);
            return;
        }
        FileStatus status = fs.getFileStatus(dir);
        if (!status.isDirectory()) {
            throw new IOException("checkpoint directory " + dir + " is a file");
        }
        // With simple authentication a user is whoever the process says it is: an owner proves nothing.
        if (UserGroupInformation.isSecurityEnabled() && !user.equals(status.getOwner())) {
            throw new AccessControlException("checkpoint directory " + dir + " belongs to " + status.getOwner()
                    + ", not to " + user + " who runs the job: give the job a directory of its own");
        }
    }

    /** The helper's URI for a qualified {@code file://} or {@code hdfs://} directory. */
    static String forHelper(URI dir, Configuration conf) {
        if ("file".equals(dir.getScheme())) {
            return "file://" + dir.getPath();
        }
        boolean httpsOnly = HttpConfig.Policy.HTTPS_ONLY.name().equalsIgnoreCase(
                conf.getTrimmed(HTTP_POLICY, HttpConfig.Policy.HTTP_ONLY.name()));
        String key = httpsOnly ? NAMENODE_HTTPS_ADDRESS : NAMENODE_HTTP_ADDRESS;
        InetSocketAddress web = NetUtils.createSocketAddr(
                conf.get(key, httpsOnly ? DEFAULT_NAMENODE_HTTPS_ADDRESS : DEFAULT_NAMENODE_HTTP_ADDRESS),
                httpsOnly ? 9871 : 9870, key);
        String host = web.getAddress() != null && web.getAddress().isAnyLocalAddress()
                ? dir.getHost() : web.getHostString();
        return (httpsOnly ? "swebhdfs://" : "webhdfs://") + host + ":" + web.getPort() + dir.getPath();
    }
}
