package io.yarndl.yarn.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;

/**
 * How the scheduler logs in to a Kerberized ZooKeeper (SASL/GSSAPI): with the RM's own keys, the ones
 * its ZooKeeper state store and leader election read ({@code hadoop.zk.kerberos.principal},
 * {@code hadoop.zk.kerberos.keytab}, {@code hadoop.zk.server.principal}). The scheduler lives in the
 * RM and is the RM to ZooKeeper, so it has no keys of its own for this: one identity, one keytab, and
 * an ACL such as {@code sasl:rm:rwcda} that covers the state store's nodes and the scheduler's alike.
 *
 * @param principal       the RM's ZooKeeper client principal; {@code _HOST} becomes this host's name
 * @param keytab          the keytab holding it
 * @param serverPrincipal ZooKeeper's service name ({@code zookeeper} by ZooKeeper's default, which
 *                        ZooKeeper completes to {@code zookeeper/<server host>@REALM})
 */
public record ZooKeeperLogin(Optional<String> principal, Optional<String> keytab, Optional<String> serverPrincipal) {

    public static final String PRINCIPAL = CommonConfigurationKeys.ZK_KERBEROS_PRINCIPAL;
    public static final String KEYTAB = CommonConfigurationKeys.ZK_KERBEROS_KEYTAB;
    public static final String SERVER_PRINCIPAL = CommonConfigurationKeys.ZK_SERVER_PRINCIPAL;

    /** No Kerberos: ZooKeeper's own client settings (a JAAS {@code Client} section, if any) apply. */
    public static final ZooKeeperLogin NONE = new ZooKeeperLogin(Optional.empty(), Optional.empty(), Optional.empty());

    /**
     * Reads the three keys. A principal needs its keytab and the other way round, and the keytab must
     * be readable now: a scheduler that would fail its first login minutes later, in a ZooKeeper thread,
     * stops the RM at start instead, naming the key.
     */
    static ZooKeeperLogin read(Configuration conf) {
        Optional<String> principal = value(conf, PRINCIPAL);
        Optional<String> keytab = value(conf, KEYTAB);
        if (principal.isPresent() != keytab.isPresent()) {
            String missing = principal.isPresent() ? KEYTAB : PRINCIPAL;
            throw new InvalidSettingException(missing, null, "is not set, but "
                    + (principal.isPresent() ? PRINCIPAL : KEYTAB) + " is",
                    "set both, or neither: the keytab holding the RM's ZooKeeper principal, e.g. " + PRINCIPAL
                            + "=rm/_HOST@EXAMPLE.COM and " + KEYTAB + "=/etc/security/keytabs/rm.service.keytab");
        }
        if (keytab.isPresent() && !Files.isReadable(Path.of(keytab.get()))) {
            throw new InvalidSettingException(KEYTAB, keytab.get(), "is not a readable file",
                    "a keytab the ResourceManager's user can read");
        }
        return new ZooKeeperLogin(principal, keytab, value(conf, SERVER_PRINCIPAL));
    }

    /** Whether the client needs Hadoop's ZooKeeper factory, which sets up the login these keys ask for. */
    public boolean configured() {
        return principal.isPresent() || serverPrincipal.isPresent();
    }

    /** For the RM log: names, never secrets (a keytab's path is not one). */
    String describe() {
        return PRINCIPAL + "=" + principal.orElse("") + ", " + KEYTAB + "=" + keytab.orElse("") + ", "
                + SERVER_PRINCIPAL + "=" + serverPrincipal.orElse("");
    }

    private static Optional<String> value(Configuration conf, String key) {
        String value = conf.getTrimmed(key);
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }
}
