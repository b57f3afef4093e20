package io.yarndl.it.secure;

import java.util.Map;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.server.auth.ProviderRegistry;
import org.apache.zookeeper.server.auth.SASLAuthenticationProvider;

/**
 * A ZooKeeper server that authenticates clients by SASL/Kerberos, set up as an operator secures the
 * RM's ZooKeeper: the SASL authentication provider, the server's own login from the JAAS
 * {@value KeytabLogins#ZOOKEEPER_SERVER} entry ({@link KeytabLogins}), and SASL identities cut to
 * the principal's first part, so that {@code rm/localhost@EXAMPLE.COM} is {@code sasl:rm} in ACLs.
 * Clients that do not log in still connect, unauthenticated: what an ACL refuses them is the point.
 *
 * <p>ZooKeeper reads these settings from system properties, and its provider registry is static and
 * filled once per JVM; {@link #clear()} takes both back so that a later test class in a reused JVM
 * gets a plain ZooKeeper again.
 */
final class SaslZooKeeper {

    private static final Map<String, String> PROPERTIES = Map.of(
            ProviderRegistry.AUTHPROVIDER_PROPERTY_PREFIX + "1", SASLAuthenticationProvider.class.getName(),
            "zookeeper.kerberos.removeHostFromPrincipal", "true",
            "zookeeper.kerberos.removeRealmFromPrincipal", "true");

    private SaslZooKeeper() {
    }

    /**
     * Starts the server; the JAAS {@code Server} entry must be installed already. Its connect string
     * names {@code localhost}, not {@code 127.0.0.1}: a client asks the KDC for
     * {@code zookeeper/<canonical name of the host it dials>}, and what 127.0.0.1 resolves back to
     * depends on the machine's hosts file.
     */
    static TestingServer start() throws Exception {
        PROPERTIES.forEach(System::setProperty);
        ProviderRegistry.reset();
        return new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, -1, -1, null, "localhost"), true);
    }

    /** Takes back what {@link #start()} set in this JVM; call it once the server has stopped. */
    static void clear() {
        PROPERTIES.keySet().forEach(System::clearProperty);
        ProviderRegistry.reset();
    }
}
