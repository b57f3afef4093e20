package io.yarndl.am.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.http.HttpConfig;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * A Kerberized HDFS for one test class: Hadoop's MiniKdc (Apache Kerby) with principals for the
 * NameNode and DataNode ({@code hdfs/localhost}), their SPNEGO endpoint ({@code HTTP/localhost})
 * and two users, {@code alice} and {@code bob}, each with a home directory of their own; and a
 * MiniDFSCluster in secure mode: Kerberos RPC, block access tokens, SASL on the data transfer
 * protocol ({@code dfs.data.transfer.protection=authentication}).
 *
 * <p>The web endpoints speak plain HTTP, with {@code ignore.secure.ports.for.testing=true} (a
 * secure DataNode otherwise insists on privileged ports or HTTPS): what is under test is the
 * delegation token the helper shows WebHDFS and the permissions HDFS checks with it, not TLS, and
 * HTTPS would make the Python helper trust a test CA that nothing else needs.
 *
 * <p>Starting the NameNode logs this JVM in as {@code hdfs/localhost}, the HDFS superuser; the
 * users log in from their keytabs ({@link #login}), as {@code kinit -kt} would.
 */
final class SecureHdfs implements AutoCloseable {

    private final Path dir;
    private final MiniKdc kdc;
    private final MiniDFSCluster dfs;
    private final Configuration conf;

    private SecureHdfs(Path dir, MiniKdc kdc, MiniDFSCluster dfs, Configuration conf) {
        this.dir = dir;
        this.kdc = kdc;
        this.dfs = dfs;
        this.conf = conf;
    }

    static SecureHdfs start(Path dir) throws Exception {
        MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), dir.resolve("kdc").toFile());
        kdc.start();
        String realm = kdc.getRealm();
        File service = dir.resolve("hdfs.keytab").toFile();
        kdc.createPrincipal(service, "hdfs/localhost", "HTTP/localhost");
        for (String user : new String[] {"alice", "bob"}) {
            kdc.createPrincipal(dir.resolve(user + ".keytab").toFile(), user);
        }
        Configuration conf = new HdfsConfiguration();
        SecurityUtil.setAuthenticationMethod(AuthenticationMethod.KERBEROS, conf);
        for (String key : new String[] {DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY,
            DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY}) {
            conf.set(key, "hdfs/localhost@" + realm);
        }
        conf.set(DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_PRINCIPAL_KEY, "HTTP/localhost@" + realm);
        for (String key : new String[] {DFSConfigKeys.DFS_NAMENODE_KEYTAB_FILE_KEY,
            DFSConfigKeys.DFS_DATANODE_KEYTAB_FILE_KEY, DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_KEYTAB_KEY}) {
            conf.set(key, service.getAbsolutePath());
        }
        conf.setBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, true);
        conf.set(DFSConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY, "authentication");
        conf.set(DFSConfigKeys.DFS_HTTP_POLICY_KEY, HttpConfig.Policy.HTTP_ONLY.name());
        conf.setBoolean(DFSConfigKeys.IGNORE_SECURE_PORTS_FOR_TESTING_KEY, true);
        conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, "localhost:0");
        // The renewer the client names: an RM nobody needs to run, as its principal is all that counts.
        conf.set(YarnConfiguration.RM_PRINCIPAL, "rm/_HOST@" + realm);
        conf.set(YarnConfiguration.RM_ADDRESS, "localhost:8032");
        UserGroupInformation.setConfiguration(conf);
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile()).numDataNodes(1).build();
        dfs.waitActive();
        conf.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY,
                "localhost:" + dfs.getNameNode().getHttpAddress().getPort());
        FileSystem root = dfs.getFileSystem();
        for (String user : new String[] {"alice", "bob"}) {
            org.apache.hadoop.fs.Path home = new org.apache.hadoop.fs.Path("/user/" + user);
            FileSystem.mkdirs(root, home, new FsPermission((short) 0755));
            root.setOwner(home, user, user);
        }
        return new SecureHdfs(dir, kdc, dfs, conf);
    }

    /** The cluster's client configuration: Kerberos, the NameNode, its HTTP address, the RM's principal. */
    Configuration conf() {
        return new Configuration(conf);
    }

    /** {@code user} logged in from the keytab, with a Kerberos ticket and nothing else. */
    UserGroupInformation login(String user) throws IOException {
        return UserGroupInformation.loginUserFromKeytabAndReturnUGI(user + "@" + kdc.getRealm(),
                dir.resolve(user + ".keytab").toString());
    }

    /** The RM principal's short name, which the NameNode records as a token's renewer. */
    static String rmShortName() {
        return "rm";
    }

    @Override
    public void close() {
        if (dfs != null) {
            dfs.shutdown();
        }
        kdc.stop();
    }
}
