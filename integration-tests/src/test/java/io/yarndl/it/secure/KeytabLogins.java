package io.yarndl.it.secure;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.AppConfigurationEntry.LoginModuleControlFlag;
import javax.security.auth.login.Configuration;

/**
 * The JAAS logins this JVM needs from keytabs, as one {@link Configuration}: JAAS configuration is
 * JVM-global, so the ZooKeeper server's {@code Server} entry and the test's own ZooKeeper client
 * entry must live in the same one. {@link #install()} makes it the JVM's, remembering the one it
 * replaces for {@link #close()}. Hadoop's {@code ZKCuratorManager.HadoopZookeeperFactory} later
 * installs a {@code JaasConfiguration} of its own for its {@code HadoopZookeeperClient} entry; that
 * one answers every other name from the configuration installed before it, this one, so the
 * entries here stay reachable.
 */
final class KeytabLogins extends Configuration implements AutoCloseable {

    /** What ZooKeeper's server logs in as (its {@code zookeeper.sasl.serverconfig} default). */
    static final String ZOOKEEPER_SERVER = "Server";
    /** The test's ZooKeeper client that logs in as the RM, to read what only the RM may read. */
    static final String RM_ZOOKEEPER_CLIENT = "RmZooKeeperClient";

    private static final String KRB5 = "com.sun.security.auth.module.Krb5LoginModule";

    private final Map<String, AppConfigurationEntry> entries = new LinkedHashMap<>();
    private Configuration replaced;

    private KeytabLogins() {
    }

    /** The ZooKeeper server's and the RM's ZooKeeper client's logins in {@code realm}. */
    static KeytabLogins of(TestRealm realm) {
        KeytabLogins logins = new KeytabLogins();
        logins.add(ZOOKEEPER_SERVER, realm.principal(TestRealm.ZOOKEEPER), realm.keytab(TestRealm.ZOOKEEPER), false);
        logins.add(RM_ZOOKEEPER_CLIENT, realm.principal(TestRealm.RM), realm.keytab(TestRealm.RM), true);
        return logins;
    }

    private void add(String name, String principal, File keytab, boolean initiator) {
        Map<String, String> options = Map.of(
                "principal", principal,
                "keyTab", keytab.getAbsolutePath(),
                "useKeyTab", "true",
                "storeKey", "true",
                "useTicketCache", "false",
                "doNotPrompt", "true",
                "refreshKrb5Config", "true",
                "isInitiator", Boolean.toString(initiator));
        entries.put(name, new AppConfigurationEntry(KRB5, LoginModuleControlFlag.REQUIRED, options));
    }

    /** Makes these the JVM's JAAS logins. */
    KeytabLogins install() {
        replaced = Configuration.getConfiguration();
        Configuration.setConfiguration(this);
        return this;
    }

    @Override
    public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        AppConfigurationEntry entry = entries.get(name);
        return entry == null ? null : new AppConfigurationEntry[] {entry};
    }

    /** Puts back the JAAS configuration {@link #install()} replaced. */
    @Override
    public void close() {
        Configuration.setConfiguration(replaced);
    }
}
