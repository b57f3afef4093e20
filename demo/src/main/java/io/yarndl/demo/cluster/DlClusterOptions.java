package io.yarndl.demo.cluster;

import java.util.Objects;
import java.util.function.Consumer;
import org.apache.curator.test.TestingServer;
import org.apache.hadoop.conf.Configuration;

/**
 * How {@link DlMiniCluster#start(DlClusterOptions)} builds a cluster: which ResourceManagers, with
 * or without HDFS, on which web port, which ZooKeeper, and the test's own configuration changes.
 *
 * @param resourceManagers the ResourceManager setup
 * @param hdfs             whether an HDFS ({@code MiniDFSCluster}) is the default file system
 * @param hdfsSettings     changes to the configuration the HDFS starts with, before it starts (the tweaks
 *                         come after it): the NameNode's and DataNode's Kerberos settings, say
 * @param webPort          the ResourceManager's web UI port, or 0 for any free one (what tests want)
 * @param tweaks           changes to the configuration after the defaults, e.g. the scheduler class
 * @param nodeManagers     how many NodeManagers the mini cluster starts ({@link DlMiniCluster#NODE_MANAGERS}
 *                         by default); 0 for a test that starts its own, e.g. on hosts of their own
 * @param zooKeeper        starts the cluster's ZooKeeper, which the cluster closes: a plain
 *                         {@link TestingServer} unless a test needs another (one that asks for SASL, say)
 */
public record DlClusterOptions(ResourceManagers resourceManagers, boolean hdfs,
                               Consumer<Configuration> hdfsSettings, int webPort,
                               Consumer<Configuration> tweaks, int nodeManagers, ZooKeeperStarter zooKeeper) {

    /** Starts a ZooKeeper server for the cluster. */
    @FunctionalInterface
    public interface ZooKeeperStarter {
        TestingServer start() throws Exception;
    }

    /** The ResourceManager side of a test cluster. */
    public enum ResourceManagers {
        /**
         * One RM keeping its state in memory, in a {@code MiniMRYarnCluster} (MapReduce jobs run);
         * NodeManagers call the RM in-process, so it cannot be restarted.
         */
        SINGLE,
        /**
         * One RM with work-preserving recovery from the ZooKeeper state store, on fixed ports, with
         * NodeManagers that reach it over RPC: {@link DlMiniCluster#restartResourceManager()} stops it
         * and starts a new one that recovers the running applications and their containers.
         */
        RESTARTABLE,
        /**
         * Two RMs, {@code rm1} active and {@code rm2} standby, sharing the ZooKeeper state store,
         * automatic failover off: {@link DlMiniCluster#failover()} swaps them. Clients, AMs and
         * NodeManagers fail over through the usual {@code yarn.resourcemanager.ha.rm-ids} addresses.
         */
        HA_PAIR
    }

    public DlClusterOptions {
        Objects.requireNonNull(resourceManagers, "resourceManagers");
        Objects.requireNonNull(hdfsSettings, "hdfsSettings");
        Objects.requireNonNull(tweaks, "tweaks");
        Objects.requireNonNull(zooKeeper, "zooKeeper");
        if (webPort < 0 || webPort > 65_535) {
            throw new IllegalArgumentException("web port must be in 0..65535 (0: any free port), was " + webPort);
        }
        if (nodeManagers < 0) {
            throw new IllegalArgumentException("node managers must be 0 or more, was " + nodeManagers);
        }
    }

    /** One in-memory RM in a MiniMRYarnCluster, no HDFS, no tweaks: what {@link DlMiniCluster#start()} builds. */
    public static DlClusterOptions single() {
        return new DlClusterOptions(ResourceManagers.SINGLE, false, conf -> { }, 0, conf -> { },
                DlMiniCluster.NODE_MANAGERS,
                () -> new TestingServer(true));
    }

    /** One RM that {@link DlMiniCluster#restartResourceManager()} can restart without losing work. */
    public static DlClusterOptions restartable() {
        return new DlClusterOptions(ResourceManagers.RESTARTABLE, false, conf -> { }, 0, conf -> { },
                DlMiniCluster.NODE_MANAGERS,
                () -> new TestingServer(true));
    }

    /** An active/standby RM pair that {@link DlMiniCluster#failover()} swaps. */
    public static DlClusterOptions haPair() {
        return new DlClusterOptions(ResourceManagers.HA_PAIR, false, conf -> { }, 0, conf -> { },
                DlMiniCluster.NODE_MANAGERS,
                () -> new TestingServer(true));
    }

    /** The same, with HDFS as the default file system. */
    public DlClusterOptions withHdfs() {
        return withHdfs(conf -> { });
    }

    /**
     * The same, with HDFS as the default file system, started with {@code settings} applied to the
     * configuration first (a Kerberized HDFS needs its daemons' principals before it starts).
     */
    public DlClusterOptions withHdfs(Consumer<Configuration> settings) {
        Objects.requireNonNull(settings, "settings");
        return new DlClusterOptions(resourceManagers, true, settings, webPort, tweaks, nodeManagers, zooKeeper);
    }

    /**
     * The same, with the ResourceManager's web UI (its REST API and {@code /jmx}) on {@code port}, which
     * must be free: for a person's browser, which needs an address that does not change between runs.
     */
    public DlClusterOptions withWebPort(int port) {
        return new DlClusterOptions(resourceManagers, hdfs, hdfsSettings, port, tweaks, nodeManagers, zooKeeper);
    }

    /** The same, with {@code more} applied after the tweaks already given. */
    public DlClusterOptions withTweaks(Consumer<Configuration> more) {
        Objects.requireNonNull(more, "more");
        return new DlClusterOptions(resourceManagers, hdfs, hdfsSettings, webPort, tweaks.andThen(more), nodeManagers,
                zooKeeper);
    }

    /**
     * The same, with {@code count} NodeManagers started by the mini cluster: 0 for a test that
     * starts its own (they then register by themselves; {@link DlMiniCluster#start} does not wait).
     */
    public DlClusterOptions withNodeManagers(int count) {
        return new DlClusterOptions(resourceManagers, hdfs, hdfsSettings, webPort, tweaks, count, zooKeeper);
    }

    /** The same, with the ZooKeeper {@code starter} starts instead of a plain {@link TestingServer}. */
    public DlClusterOptions withZooKeeper(ZooKeeperStarter starter) {
        return new DlClusterOptions(resourceManagers, hdfs, hdfsSettings, webPort, tweaks, nodeManagers, starter);
    }
}
