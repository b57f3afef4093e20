package io.yarndl.demo.cluster;

import static io.yarndl.demo.cluster.DlMiniCluster.DEFAULT_QUEUE;
import static io.yarndl.demo.cluster.DlMiniCluster.DL_QUEUE;
import static io.yarndl.demo.cluster.DlMiniCluster.GPU;
import static io.yarndl.demo.cluster.DlMiniCluster.GPUS_PER_NODE;
import static io.yarndl.demo.cluster.DlMiniCluster.MEMORY_MB_PER_NODE;
import static io.yarndl.demo.cluster.DlMiniCluster.VCORES_PER_NODE;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The configuration every {@link DlMiniCluster} starts from, whatever its ResourceManagers: the
 * plain {@code CapacityScheduler} with the {@code root.default} and {@code root.dl} queues, GPUs as
 * the {@code yarn.io/gpu} resource type under the DominantResourceCalculator, NodeManagers of a
 * fixed size, and the few changes a cluster sharing one JVM and one build disk needs to start and
 * stop quickly. What changes with the ResourceManager setup lives in {@link RecoverableRmConfig}.
 */
final class BaseClusterConfig {

    private static final String CS_PREFIX = "yarn.scheduler.capacity.";

    private BaseClusterConfig() {
    }

    /** A fresh configuration with these defaults, the ResourceManagers' state store at {@code zkConnect}. */
    static Configuration create(String zkConnect) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.set(YarnConfiguration.RM_SCHEDULER,
                "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler");
        conf.set(YarnConfiguration.RESOURCE_TYPES, GPU);
        conf.set(CS_PREFIX + "resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
        conf.set(CS_PREFIX + "root.queues", DEFAULT_QUEUE + "," + DL_QUEUE);
        conf.set(CS_PREFIX + "root." + DEFAULT_QUEUE + ".capacity", "40");
        conf.set(CS_PREFIX + "root." + DEFAULT_QUEUE + ".maximum-capacity", "100");
        conf.set(CS_PREFIX + "root." + DL_QUEUE + ".capacity", "60");
        conf.set(CS_PREFIX + "root." + DL_QUEUE + ".maximum-capacity", "100");
        // One test user may fill the DL queue up to its maximum, not only up to its 60% share.
        conf.set(CS_PREFIX + "root." + DL_QUEUE + ".user-limit-factor", "2");
        // Room for several ApplicationMasters in tests that run many small jobs.
        conf.set(CS_PREFIX + "maximum-am-resource-percent", "0.5");

        // Every NodeManager is localhost here: without the port all nodes share one name.
        conf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, true);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, MEMORY_MB_PER_NODE);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_VCORES, VCORES_PER_NODE);
        conf.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, 200);
        conf.set(YarnConfiguration.RM_ZK_ADDRESS, zkConnect);

        // MiniYARNCluster overwrites yarn.nodemanager.resource.memory-mb with this key's value (default 4096).
        conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, MEMORY_MB_PER_NODE);
        conf.setInt(YarnConfiguration.NM_PMEM_MB, MEMORY_MB_PER_NODE);
        conf.setInt(YarnConfiguration.NM_VCORES, VCORES_PER_NODE);
        // Read by ResourceUtils.getNodeResourceInformation: no GPU plugin, the NM advertises this amount.
        conf.setInt(YarnConfiguration.NM_RESOURCES_PREFIX + GPU, GPUS_PER_NODE);
        conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        conf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
        // A nearly full build disk must not mark the nodes unhealthy.
        conf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 100.0f);
        // A NodeManager keeps an application until its logs are "handled", which without log aggregation
        // means deleted after log.retain-seconds (3 h); stopping it then waits about 17 s per node (7 s for
        // applications, 10 s for the log deleter). Hand logs off after 1 s instead, and let the deletion
        // service keep the files an hour (it drops delayed deletions when it stops), so container logs
        // stay under target/ for post-mortems.
        conf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 1);
        conf.setInt(YarnConfiguration.DEBUG_NM_DELETE_DELAY_SEC, 3600);
        // Containers (MapReduce's included) run $JAVA_HOME/bin/java; NodeManagers pass on their own
        // JAVA_HOME, which a Maven fork often lacks. Only then set it: admin-env values are appended
        // to an existing variable with ':', so setting it twice yields a broken path.
        if (System.getenv("JAVA_HOME") == null) {
            conf.set(YarnConfiguration.NM_ADMIN_USER_ENV,
                    YarnConfiguration.DEFAULT_NM_ADMIN_USER_ENV + ",JAVA_HOME=" + System.getProperty("java.home"));
        }
        return conf;
    }
}
