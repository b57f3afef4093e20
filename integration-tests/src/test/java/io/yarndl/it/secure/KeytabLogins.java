package io.yarndl.it.secure;

import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import javax.security.auth.login.Configuration;

/**
 * The JVM's JAAS configuration while the secure cluster runs. JAAS configuration is JVM-global and
 * every login in the cluster shares it: ZooKeeper's server reads its {@value #ZOOKEEPER_SERVER}
 * entry, which this adds (the {@code zookeeper/localhost} keytab); the scheduler's ZooKeeper client,
 * Hadoop's {@code ZKCuratorManager.HadoopZookeeperFactory}, later installs a {@code JaasConfiguration}
 * of its own for its {@code HadoopZookeeperClient} entry (the RM's keytab) that answers every other
 * name from the configuration installed before it, this one. So this one holds only the entry
 * nothing else provides, answers other names from the configuration it replaced, and
 * {@link #close()} puts that one back. The RM's, the web servers' and the users' keytab logins go
 * through Hadoop's own login configuration, not this one.
 */
final class KeytabLogins extends Configuration implements AutoCloseable {

    /** What ZooKeeper's server logs in as (its {@code zookeeper.sasl.serverconfig} default). */
    static final String ZOOKEEPER_SERVER = "Server";

    private final AppConfigurationEntry[] server;
    private final Configuration replaced;

    private KeytabLogins(AppConfigurationEntry[] server, Configuration replaced) {
        this.server = server;
        this.replaced = replaced;
    }

    /** Makes the ZooKeeper server's keytab login in {@code realm} part of the JVM's JAAS configuration. */
    static KeytabLogins install(TestRealm realm) {
        Map<String, String> options = Map.of(
                "principal", realm.principal(TestRealm.ZOOKEEPER),
                "keyTab", realm.keytab(TestRealm.ZOOKEEPER).getAbsolutePath(),
                "useKeyTab", "true",
                "storeKey", "true",
                "useTicketCache", "false",
                "isInitiator", "false");
        KeytabLogins logins = new KeytabLogins(new AppConfigurationEntry[] {new AppConfigurationEntry(
                "com.sun.security.auth.module.Krb5LoginModule", LoginModuleControlFlag.REQUIRED, options)},
                Configuration.getConfiguration());
        Configuration.setConfiguration(logins);
        return logins;
    }

    @Override
    public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        if (ZOOKEEPER_SERVER.equals(name)) {
            return server.clone();
        }
        return replaced == null ? null : replaced.getAppConfigurationEntry(name);
    }

    /** Puts back the JAAS configuration {@link #install} replaced. */
    @Override
    public void close() {
        Configuration.setConfiguration(replaced);
    }
}
