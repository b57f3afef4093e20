package io.yarndl.it.cluster;

import java.util.Objects;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;

/**
 * How {@link DlMiniCluster#start(DlClusterOptions)} builds a cluster: which ResourceManagers, with
 * or without HDFS, and the test's own configuration changes.
 *
 * @param resourceManagers the ResourceManager setup
 * @param hdfs             whether an HDFS ({@code MiniDFSCluster}) is the default file system
 * @param tweaks           changes to the configuration after the defaults, e.g. the scheduler class
 */
public record DlClusterOptions(ResourceManagers resourceManagers, boolean hdfs, Consumer<Configuration> tweaks) {

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
        Objects.requireNonNull(tweaks, "tweaks");
    }

    /** One in-memory RM in a MiniMRYarnCluster, no HDFS, no tweaks: what {@link DlMiniCluster#start()} builds. */
    public static DlClusterOptions single() {
        return new DlClusterOptions(ResourceManagers.SINGLE, false, conf -> { });
    }

    /** One RM that {@link DlMiniCluster#restartResourceManager()} can restart without losing work. */
    public static DlClusterOptions restartable() {
        return new DlClusterOptions(ResourceManagers.RESTARTABLE, false, conf -> { });
    }

    /** An active/standby RM pair that {@link DlMiniCluster#failover()} swaps. */
    public static DlClusterOptions haPair() {
        return new DlClusterOptions(ResourceManagers.HA_PAIR, false, conf -> { });
    }

    /** The same, with HDFS as the default file system. */
    public DlClusterOptions withHdfs() {
        return new DlClusterOptions(resourceManagers, true, tweaks);
    }

    /** The same, with {@code more} applied after the tweaks already given. */
    public DlClusterOptions withTweaks(Consumer<Configuration> more) {
        Objects.requireNonNull(more, "more");
        return new DlClusterOptions(resourceManagers, hdfs, tweaks.andThen(more));
    }
}
