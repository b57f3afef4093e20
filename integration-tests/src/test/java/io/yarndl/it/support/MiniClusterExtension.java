package io.yarndl.it.support;

import io.yarndl.demo.cluster.DlMiniCluster;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link DlMiniCluster} (ZooKeeper, the ResourceManager, NodeManagers) for a test class: started
 * before the class's own {@code @BeforeAll} methods, closed after its {@code @AfterAll} ones, so the
 * clients a test opens on it are closed first. Register it on a static field:
 * <pre>{@code
 * @RegisterExtension
 * static final MiniClusterExtension CLUSTER = MiniClusterExtension.of(() -> DlMiniCluster.start(conf -> ...));
 * }</pre>
 */
public final class MiniClusterExtension implements BeforeAllCallback, AfterAllCallback {

    /** Starts the cluster, e.g. {@code DlMiniCluster.start(conf -> ...)}. */
    @FunctionalInterface
    public interface Starter {
        DlMiniCluster start() throws Exception;
    }

    private final Starter starter;
    private DlMiniCluster cluster;

    private MiniClusterExtension(Starter starter) {
        this.starter = starter;
    }

    public static MiniClusterExtension of(Starter starter) {
        return new MiniClusterExtension(starter);
    }

    /** The running cluster. */
    public DlMiniCluster get() {
        if (cluster == null) {
            throw new IllegalStateException("no mini cluster: register the extension with @RegisterExtension"
                    + " on a static field, and read it from @BeforeAll or a test");
        }
        return cluster;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        cluster = starter.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }
}
