package io.yarndl.yarn.access;

import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import javax.security.auth.login.Configuration;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.zookeeper.server.auth.ProviderRegistry;

/**
 * A ZooKeeper server that authenticates clients with Kerberos (SASL/GSSAPI) against a real KDC
 * (Hadoop's MiniKdc), as a secure cluster's ensemble does: the server logs in as
 * {@code zookeeper/localhost} from its keytab, and strips host and realm from client principals, so
 * {@code rm/localhost@EXAMPLE.COM} is {@code sasl:rm} in ACLs (ZooKeeper's
 * {@code kerberos.removeHostFromPrincipal} and {@code kerberos.removeRealmFromPrincipal}, which
 * Hadoop's secure-ZooKeeper guides set). JAAS and ZooKeeper's server settings are JVM-wide; the
 * tests of a module share one JVM, so {@link #close} puts back what it found.
 */
final class KerberizedZooKeeper implements AutoCloseable {

    private static final Map<String, String> SERVER_PROPERTIES = Map.of(
            "zookeeper.authProvider.sasl", "org.apache.zookeeper.server.auth.SASLAuthenticationProvider",
            "zookeeper.kerberos.removeHostFromPrincipal", "true",
            "zookeeper.kerberos.removeRealmFromPrincipal", "true");

    private final MiniKdc kdc;
    private final File keytab;
    private final Configuration previousJaas;
    private final Map<String, String> previousProperties = new HashMap<>();
    private final TestingServer server;

    /** Starts the KDC with principals {@code zookeeper/localhost} and {@code clients}, then the server. */
    KerberizedZooKeeper(Path workDir, String... clients) throws Exception {
        kdc = new MiniKdc(MiniKdc.createConf(), workDir.toFile());
        kdc.start();
        keytab = workDir.resolve("all.keytab").toFile();
        String[] principals = new String[clients.length + 1];
        principals[0] = "zookeeper/localhost";
        System.arraycopy(clients, 0, principals, 1, clients.length);
        kdc.createPrincipal(keytab, principals);

        previousJaas = Configuration.getConfiguration();
        Configuration.setConfiguration(new ServerLogin(previousJaas, principal("zookeeper/localhost"), keytab));
        SERVER_PROPERTIES.forEach((key, value) -> previousProperties.put(key, System.setProperty(key, value)));
        ProviderRegistry.reset(); // an earlier server in this JVM registered the providers without sasl
        server = new TestingServer(true);
    }

    /** {@code localhost}, not 127.0.0.1: the client asks the KDC for {@code zookeeper/<host it dialled>}. */
    String connectString() {
        return "localhost:" + server.getPort();
    }

    String principal(String name) {
        return name + "@" + kdc.getRealm();
    }

    File keytab() {
        return keytab;
    }

    @Override
    public void close() throws Exception {
        try {
            server.close();
        } finally {
            previousProperties.forEach((key, value) -> {
                if (value == null) {
                    System.clearProperty(key);
                } else {
                    System.setProperty(key, value);
                }
            });
            ProviderRegistry.reset();
            Configuration.setConfiguration(previousJaas);
            kdc.stop();
        }
    }

    /** The server's {@code Server} JAAS section, over whatever the JVM had. */
    private static final class ServerLogin extends Configuration {
        private final Configuration base;
        private final AppConfigurationEntry[] server;

        ServerLogin(Configuration base, String principal, File keytab) {
            this.base = base;
            this.server = new AppConfigurationEntry[] {new AppConfigurationEntry(
                    "com.sun.security.auth.module.Krb5LoginModule", AppConfigurationEntry.LoginModuleControlFlag.REQUIRED,
                    Map.of("useKeyTab", "true", "keyTab", keytab.getAbsolutePath(), "principal", principal,
                            "storeKey", "true", "useTicketCache", "false", "isInitiator", "false"))};
        }

        @Override
        public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
            return "Server".equals(name) ? server : base == null ? null : base.getAppConfigurationEntry(name);
        }
    }
}
