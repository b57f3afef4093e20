package io.yarndl.it.secure;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.http.HttpServer2;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig;
import org.apache.hadoop.security.AuthenticationFilterInitializer;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.nodemanager.DefaultContainerExecutor;

/**
 * The settings that put a mini cluster in secure mode, the ones an operator adds to a real one
 * (docs/secure-deployment.md): Kerberos authentication and service authorization, each daemon's
 * principal and keytab, SPNEGO on every web server through Hadoop's authentication filter (which
 * the RM swaps for its own, the same SPNEGO plus RM delegation tokens), the RM's SASL login to
 * ZooKeeper, {@code yarn.admin.acl}.
 *
 * <p>The executor is {@link DefaultContainerExecutor}, which runs containers as the NodeManager's
 * own user: a secure production cluster uses {@code LinuxContainerExecutor}, which runs them as the
 * submitting user, but that needs the setuid {@code container-executor} binary owned by root and a
 * matching {@code container-executor.cfg}, which a test JVM cannot provide.
 */
final class SecureYarnSettings {

    private SecureYarnSettings() {
    }

    /** Writes the secure-mode settings for {@code realm} into {@code conf}. */
    static void apply(Configuration conf, TestRealm realm) {
        conf.set(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
        conf.setBoolean(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHORIZATION, true);

        daemon(conf, realm, TestRealm.RM, YarnConfiguration.RM_PRINCIPAL, YarnConfiguration.RM_KEYTAB);
        // MiniYARNCluster's NodeManagers skip their keytab login (they share the test JVM, whose login
        // user is the RM's); a real NodeManager logs in with these.
        daemon(conf, realm, TestRealm.NM, YarnConfiguration.NM_PRINCIPAL, YarnConfiguration.NM_KEYTAB);
        // The MiniMRYarnCluster's job history server logs in too: as the RM, so that the JVM's one
        // login user stays the RM's.
        daemon(conf, realm, TestRealm.RM, JHAdminConfig.MR_HISTORY_PRINCIPAL, JHAdminConfig.MR_HISTORY_KEYTAB);

        conf.set(HttpServer2.FILTER_INITIALIZER_PROPERTY, AuthenticationFilterInitializer.class.getName());
        String http = "hadoop.http.authentication.";
        conf.set(http + "type", "kerberos");
        conf.setBoolean(http + "simple.anonymous.allowed", false);
        daemon(conf, realm, TestRealm.HTTP, http + "kerberos.principal", http + "kerberos.keytab");
        daemon(conf, realm, TestRealm.HTTP, YarnConfiguration.RM_WEBAPP_SPNEGO_USER_NAME_KEY,
                YarnConfiguration.RM_WEBAPP_SPNEGO_KEYTAB_FILE_KEY);
        daemon(conf, realm, TestRealm.HTTP, YarnConfiguration.NM_WEBAPP_SPNEGO_USER_NAME_KEY,
                YarnConfiguration.NM_WEBAPP_SPNEGO_KEYTAB_FILE_KEY);
        daemon(conf, realm, TestRealm.HTTP, JHAdminConfig.MR_WEBAPP_SPNEGO_USER_NAME_KEY,
                JHAdminConfig.MR_WEBAPP_SPNEGO_KEYTAB_FILE_KEY);

        // The RM's login to ZooKeeper (its state store's, and the scheduler's): SASL with the RM's keytab,
        // to ZooKeeper's service name, which ZooKeeper completes to zookeeper/<server host>.
        daemon(conf, realm, TestRealm.RM, CommonConfigurationKeys.ZK_KERBEROS_PRINCIPAL,
                CommonConfigurationKeys.ZK_KERBEROS_KEYTAB);
        conf.set(CommonConfigurationKeys.ZK_SERVER_PRINCIPAL, TestRealm.ZOOKEEPER_SERVICE);

        conf.set(YarnConfiguration.NM_CONTAINER_EXECUTOR, DefaultContainerExecutor.class.getName());
        // Every host of a real cluster has the realm in /etc/krb5.conf; this machine has none, and a
        // container's JVM (the AM's) without a realm fails its first UserGroupInformation call
        // ("Can't get Kerberos realm"). Every JVM reads JAVA_TOOL_OPTIONS.
        conf.set(YarnConfiguration.NM_ADMIN_USER_ENV, YarnConfiguration.DEFAULT_NM_ADMIN_USER_ENV + ",JAVA_TOOL_OPTIONS=-Djava.security.krb5.conf="
                + realm.krb5Conf().getAbsolutePath());
        conf.set(YarnConfiguration.YARN_ADMIN_ACL, TestRealm.ADMIN);
    }

    private static void daemon(Configuration conf, TestRealm realm, String principal, String principalKey,
                               String keytabKey) {
        conf.set(principalKey, realm.principal(principal));
        conf.set(keytabKey, realm.keytab(principal).getAbsolutePath());
    }
}
