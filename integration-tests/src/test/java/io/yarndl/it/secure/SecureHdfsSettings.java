package io.yarndl.it.secure;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.http.HttpConfig;

/**
 * The settings that put the mini cluster's HDFS in secure mode (docs/secure-deployment.md): the
 * NameNode's and DataNode's Kerberos principal and keytab, SPNEGO on the NameNode's web server
 * ({@code HTTP/localhost}), block access tokens, and SASL on the data transfer protocol
 * ({@code dfs.data.transfer.protection=authentication}).
 *
 * <p>The NameNode and DataNode run as the RM's principal: they share the test JVM, whose one login
 * user is the RM's ({@link SecureClusterExtension}), and a NameNode or DataNode starting in it logs
 * that JVM in again with its own keytab; with a principal of their own (a real cluster's
 * {@code hdfs/_HOST}) the RM would then talk to YARN and renew tokens as {@code hdfs}. So the HDFS
 * superuser here is {@code rm}, which makes the users' home directories.
 *
 * <p>The web endpoints speak plain HTTP, with {@code ignore.secure.ports.for.testing=true} (a secure
 * DataNode otherwise insists on privileged ports, which need root, or HTTPS): what is under test is
 * the delegation token the Python helper shows WebHDFS and the permissions HDFS checks with it, not
 * TLS, and HTTPS would make the helper trust a test CA that nothing else needs.
 */
final class SecureHdfsSettings {

    private SecureHdfsSettings() {
    }

    /** Writes the secure HDFS settings for {@code realm} into {@code conf}. */
    static void apply(Configuration conf, TestRealm realm) {
        for (String principalKey : new String[] {DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY,
            DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY}) {
            conf.set(principalKey, realm.principal(TestRealm.RM));
        }
        for (String keytabKey : new String[] {DFSConfigKeys.DFS_NAMENODE_KEYTAB_FILE_KEY,
            DFSConfigKeys.DFS_DATANODE_KEYTAB_FILE_KEY}) {
            conf.set(keytabKey, realm.keytab(TestRealm.RM).getAbsolutePath());
        }
        conf.set(DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_PRINCIPAL_KEY, realm.principal(TestRealm.HTTP));
        conf.set(DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_KEYTAB_KEY,
                realm.keytab(TestRealm.HTTP).getAbsolutePath());
        conf.setBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, true);
        conf.set(DFSConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY, "authentication");
        conf.set(DFSConfigKeys.DFS_HTTP_POLICY_KEY, HttpConfig.Policy.HTTP_ONLY.name());
        conf.setBoolean(DFSConfigKeys.IGNORE_SECURE_PORTS_FOR_TESTING_KEY, true);
    }
}
