package io.yarndl.it.secure;

import io.yarndl.demo.cluster.DlClusterOptions;
import io.yarndl.demo.cluster.DlMiniCluster;
import io.yarndl.it.support.MiniClusterExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link DlMiniCluster} in secure mode for a test class ({@link MiniClusterExtension} starts and
 * stops it), with everything it needs around it: a
 * KDC ({@link TestRealm}), the JVM's JAAS logins ({@link KeytabLogins}), a ZooKeeper that
 * authenticates by SASL ({@link SaslZooKeeper}) and the RM's keytab login, as Hadoop's own secure
 * tests do ({@code UserGroupInformation.setConfiguration} in Kerberos mode, then
 * {@code loginUserFromKeytab}). Started before the class's {@code @BeforeAll} methods, stopped
 * after its {@code @AfterAll} ones; stopping also takes the JVM-wide security state back (Kerberos
 * mode, the login user, JAAS, ZooKeeper's providers), because Failsafe runs other test classes in
 * the same JVM afterwards. Register it on a static field:
 * <pre>{@code
 * @RegisterExtension
 * static final SecureClusterExtension CLUSTER = SecureClusterExtension.of(conf -> ...);
 * }</pre>
 */
public final class SecureClusterExtension implements BeforeAllCallback, AfterAllCallback {

    private final MiniClusterExtension cluster;
    private final boolean hdfs;
    private LocalizerSiteFile localizerSiteFile;
    private TestRealm realm;
    private KeytabLogins logins;
    private boolean zooKeeperStarted;

    private SecureClusterExtension(boolean hdfs, Consumer<Configuration> tweaks) {
        this.hdfs = hdfs;
        this.cluster = MiniClusterExtension.of(() -> DlMiniCluster.start(withHdfsIf(hdfs, DlClusterOptions.single())
                .withZooKeeper(() -> {
                    zooKeeperStarted = true;
                    return SaslZooKeeper.start();
                })
                .withTweaks(conf -> SecureYarnSettings.apply(conf, realm()))
                .withTweaks(tweaks)));
    }

    /** @param tweaks the test's own settings, applied after the secure ones (the scheduler, say) */
    public static SecureClusterExtension of(Consumer<Configuration> tweaks) {
        return new SecureClusterExtension(false, tweaks);
    }

    /** The same, with a Kerberized HDFS ({@link SecureHdfsSettings}) as the default file system. */
    public static SecureClusterExtension withHdfs(Consumer<Configuration> tweaks) {
        return new SecureClusterExtension(true, tweaks);
    }

    private DlClusterOptions withHdfsIf(boolean hdfs, DlClusterOptions options) {
        if (!hdfs) {
            return options;
        }
        return options.withHdfs(conf -> {
            SecureYarnSettings.apply(conf, realm());
            SecureHdfsSettings.apply(conf, realm());
        });
    }

    /** The running cluster. */
    public DlMiniCluster get() {
        return cluster.get();
    }

    /** The realm its principals live in. */
    TestRealm realm() {
        if (realm == null) {
            throw new IllegalStateException("no realm: the secure cluster is not running");
        }
        return realm;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        try {
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "secure")),
                    context.getRequiredTestClass().getSimpleName() + "-").toAbsolutePath();
            realm = TestRealm.start(dir);
            logins = KeytabLogins.install(realm);

            Configuration secure = new Configuration(false);
            SecureYarnSettings.apply(secure, realm);
            UserGroupInformation.setConfiguration(secure);
            UserGroupInformation.loginUserFromKeytab(realm.principal(TestRealm.RM),
                    realm.keytab(TestRealm.RM).getAbsolutePath());

            if (hdfs) {
                Configuration secureHdfs = new Configuration(false);
                SecureHdfsSettings.apply(secureHdfs, realm);
                localizerSiteFile = LocalizerSiteFile.install(dir.resolve("localizer-classpath"), secureHdfs);
            }
            cluster.beforeAll(context);
        } catch (Exception | Error e) {
            afterAll(context);
            throw e;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            cluster.afterAll(context);
        } finally {
            if (localizerSiteFile != null) {
                localizerSiteFile.close();
                localizerSiteFile = null;
            }
            if (zooKeeperStarted) {
                SaslZooKeeper.clear();
                zooKeeperStarted = false;
            }
            UserGroupInformation.reset();
            if (logins != null) {
                logins.close();
                logins = null;
            }
            if (realm != null) {
                realm.close();
                realm = null;
            }
        }
    }
}
