package io.yarndl.contract.config;

/**
 * The configuration keys the client, the AM and the scheduler all read: where yarn-dl's ZooKeeper
 * records live. The scheduler's own keys stay in its {@code SchedulerSettings}; these are here so
 * that {@code yarn-dl-am.jar} names them without the scheduler's jar.
 */
public final class SharedSettings {

    /** Prefix of every yarn-dl key. */
    public static final String PREFIX = "yarn.dl.scheduler.";

    /** No default of its own: falls back to {@link #RM_ZK_ADDRESS}, then {@link #HADOOP_ZK_ADDRESS}. */
    public static final String ZK_ADDRESS = PREFIX + "zk-address";
    /** The RM's own ZooKeeper key; the RM reads it first (ResourceManager.createAndStartZKManager). */
    public static final String RM_ZK_ADDRESS = "yarn.resourcemanager.zk-address";
    /** Hadoop's common ZooKeeper key; the RM falls back to it when {@link #RM_ZK_ADDRESS} is unset. */
    public static final String HADOOP_ZK_ADDRESS = "hadoop.zk.address";

    /** The ZooKeeper root of yarn-dl's records, jobs under {@code <root>/jobs}. */
    public static final String ZK_ROOT = PREFIX + "zk-root";
    public static final String DEFAULT_ZK_ROOT = "/yarn-dl";

    private SharedSettings() {
    }
}
