package io.yarndl.it.secure;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.authentication.util.KerberosName;

/**
 * A Kerberos realm for one test class: Hadoop's {@link MiniKdc} (Apache Kerby) with a keytab per
 * principal, the daemons' principals bound to {@code localhost} as every mini cluster daemon is.
 * Starting it points this JVM's Kerberos at it ({@code java.security.krb5.conf}); {@link #close()}
 * stops it and clears that again.
 */
final class TestRealm implements AutoCloseable {

    /** The ResourceManager (and, in a MiniMRYarnCluster, its job history server). */
    static final String RM = "rm/localhost";
    /** The NodeManagers. */
    static final String NM = "nm/localhost";
    /** SPNEGO of every web server: a browser or curl asks for {@code HTTP/<host of the URL>}. */
    static final String HTTP = "HTTP/localhost";
    /** ZooKeeper's Kerberos service name, what {@code hadoop.zk.server.principal} names. */
    static final String ZOOKEEPER_SERVICE = "zookeeper";
    /** The ZooKeeper server: clients complete the service name with the canonical host they dial. */
    static final String ZOOKEEPER = ZOOKEEPER_SERVICE + "/localhost";
    /** A YARN admin ({@code yarn.admin.acl}). */
    static final String ADMIN = "alice";
    /** A user who is not an admin. */
    static final String USER = "bob";

    private static final List<String> PRINCIPALS = List.of(RM, NM, HTTP, ZOOKEEPER, ADMIN, USER);

    private final MiniKdc kdc;
    private final Path keytabs;

    private TestRealm(MiniKdc kdc, Path keytabs) {
        this.kdc = kdc;
        this.keytabs = keytabs;
    }

    /** Starts a KDC working in {@code dir} and writes a keytab for each principal there. */
    static TestRealm start(Path dir) throws Exception {
        Path keytabs = Files.createDirectories(dir.resolve("keytabs"));
        MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), Files.createDirectories(dir.resolve("kdc")).toFile());
        kdc.start();
        try {
            TestRealm realm = new TestRealm(kdc, keytabs);
            for (String principal : PRINCIPALS) {
                kdc.createPrincipal(realm.keytab(principal), principal);
            }
            // Hadoop keeps the default realm (which strips alice@EXAMPLE.COM to alice) from the first time
            // it read the Kerberos configuration, perhaps before this KDC existed in a reused test JVM.
            KerberosName.resetDefaultRealm();
            return realm;
        } catch (Exception | Error e) {
            kdc.stop();
            throw e;
        }
    }

    /** The realm's name, e.g. {@code EXAMPLE.COM}. */
    String name() {
        return kdc.getRealm();
    }

    /** The realm's {@code krb5.conf}, which {@link #start} made this JVM's {@code java.security.krb5.conf}. */
    File krb5Conf() {
        return kdc.getKrb5conf();
    }

    /** {@code name} with the realm, e.g. {@code rm/localhost@EXAMPLE.COM}. */
    String principal(String name) {
        return name + "@" + kdc.getRealm();
    }

    /** The keytab holding {@code name}'s keys (one of the principals above). */
    File keytab(String name) {
        if (!PRINCIPALS.contains(name)) {
            throw new IllegalArgumentException("no principal " + name + " in the test realm; it has " + PRINCIPALS);
        }
        return keytabs.resolve(name.replace('/', '_') + ".keytab").toFile();
    }

    @Override
    public void close() {
        kdc.stop();
        KerberosName.resetDefaultRealm();
    }
}
