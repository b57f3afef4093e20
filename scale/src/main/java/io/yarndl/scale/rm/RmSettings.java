package io.yarndl.scale.rm;

import io.yarndl.scale.SchedulerKind;
import io.yarndl.yarn.config.SchedulerSettings;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The ResourceManager's configuration for one harness run, the same under both schedulers: queues
 * {@code root.default} (40%) and {@code root.dl} (60%, fair ordering), both elastic to 100%, GPUs as the {@code yarn.io/gpu} resource type under
 * the DominantResourceCalculator, NodeManager heartbeats at the interval given (Hadoop's default
 * is 1 s), ephemeral ports, and the scheduler of {@code kind}; the DeepLearningScheduler keeps its
 * records under {@code zkRoot} of the given ZooKeeper and runs its own defaults otherwise (policy,
 * round interval) unless told.
 */
public final class RmSettings {

    public static final String DL_QUEUE = "dl";
    public static final String DEFAULT_QUEUE = "default";
    private static final String CS = "yarn.scheduler.capacity.";

    private RmSettings() {
    }

    public static Configuration of(SchedulerKind kind, String policy, long roundIntervalMs, long heartbeatMs,
                                   String zkConnect, String zkRoot) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.set(YarnConfiguration.RESOURCE_TYPES, ClusterShape.GPU);
        conf.set(CS + "resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
        conf.set(CS + "root.queues", DEFAULT_QUEUE + "," + DL_QUEUE);
        conf.set(CS + "root." + DEFAULT_QUEUE + ".capacity", "40");
        conf.set(CS + "root." + DEFAULT_QUEUE + ".maximum-capacity", "100");
        conf.set(CS + "root." + DL_QUEUE + ".capacity", "60");
        conf.set(CS + "root." + DL_QUEUE + ".maximum-capacity", "100");
        // Every simulated application runs as this process's user: let that one user fill a queue.
        conf.set(CS + "root." + DL_QUEUE + ".user-limit-factor", "2");
        conf.set(CS + "root." + DEFAULT_QUEUE + ".user-limit-factor", "3");
        // Thousands of AMs: room for them in every queue (the global key is each queue's default; the
        // stock 10% would keep most jobs ACCEPTED, never running).
        conf.set(CS + "maximum-am-resource-percent", "0.5");
        // Many jobs share root.dl: fair ordering, as an operator sets for a shared queue. Under the
        // stock FIFO ordering the oldest job still waiting for a GPU ends every allocation pass of
        // the queue ("respect FIFO"), so no later job's AM container is ever allocated.
        conf.set(CS + "root." + DL_QUEUE + ".ordering-policy", "fair");
        conf.setInt(CS + "maximum-applications", 100_000);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 512);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, ClusterShape.MEMORY_MB);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_VCORES, ClusterShape.VCORES);
        conf.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, heartbeatMs);
        conf.setInt(YarnConfiguration.RM_AM_MAX_ATTEMPTS, 1);
        // Completed applications kept in memory: the stock 1,000 (the harness churns through many).
        conf.setInt(YarnConfiguration.RM_MAX_COMPLETED_APPLICATIONS, 1_000);
        conf.setClass(CommonConfigurationKeysPublic.NET_TOPOLOGY_NODE_SWITCH_MAPPING_IMPL_KEY, IpRacks.class,
                org.apache.hadoop.net.DNSToSwitchMapping.class);
        for (String key : YarnConfiguration.getServiceAddressConfKeys(conf)) {
            conf.set(key, "127.0.0.1:0");
        }
        conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS, "127.0.0.1:0");
        conf.set(YarnConfiguration.RM_SCHEDULER, kind.schedulerClass());
        conf.set(SchedulerSettings.ZK_ADDRESS, zkConnect);
        conf.set(SchedulerSettings.ZK_ROOT, zkRoot);
        conf.set(SchedulerSettings.QUEUES, "root." + DL_QUEUE);
        if (policy != null) {
            conf.set(SchedulerSettings.POLICY, policy);
        }
        if (roundIntervalMs > 0) {
            conf.setLong(SchedulerSettings.INTERVAL_MS, roundIntervalMs);
        }
        return conf;
    }
}
