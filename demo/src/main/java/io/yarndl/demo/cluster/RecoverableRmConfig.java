package io.yarndl.demo.cluster;

import io.yarndl.demo.cluster.DlClusterOptions.ResourceManagers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.yarn.FileSystemBasedConfigurationProvider;
import org.apache.hadoop.yarn.conf.HAUtil;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.recovery.ZKRMStateStore;

/**
 * The settings that let a test cluster's ResourceManager be restarted or failed over without
 * losing work: state in the cluster's ZooKeeper, work-preserving recovery, addresses that stay
 * the same, and NodeManagers, AMs and clients that find the RM again within a heartbeat or two.
 */
final class RecoverableRmConfig {

    /** The HA pair's RM ids; the first is active after start. */
    static final List<String> HA_IDS = List.of("rm1", "rm2");

    private static final String CLUSTER_ID = "yarn-dl-it";
    /** Stock value 30 s: an AM or NodeManager would sit out a restart far longer than it lasts. */
    private static final long RM_CONNECT_RETRY_INTERVAL_MS = 200;

    private RecoverableRmConfig() {
    }

    /** Adds the settings of {@code setup} to {@code conf}; none for {@link ResourceManagers#SINGLE}. */
    static void apply(Configuration conf, ResourceManagers setup, String zkConnect) {
        if (setup == ResourceManagers.SINGLE) {
            return;
        }
        conf.set(CommonConfigurationKeys.ZK_ADDRESS, zkConnect);
        conf.setBoolean(YarnConfiguration.RECOVERY_ENABLED, true);
        conf.setBoolean(YarnConfiguration.RM_WORK_PRESERVING_RECOVERY_ENABLED, true);
        conf.set(YarnConfiguration.RM_STORE, ZKRMStateStore.class.getName());
        // With ephemeral ports a new RM would listen elsewhere and nobody could find it again.
        conf.setBoolean(YarnConfiguration.YARN_MINICLUSTER_FIXED_PORTS, true);
        // In-process NodeManagers keep calling the first RM object they met; over RPC they are told to
        // resync by the new RM and re-register with their running containers.
        conf.setBoolean(YarnConfiguration.YARN_MINICLUSTER_USE_RPC, true);
        // Also the NodeManagers' interval, which defaults to this one; HA clients sleep as long between failovers.
        conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, RM_CONNECT_RETRY_INTERVAL_MS);

        List<String> addressKeys = YarnConfiguration.getServiceAddressConfKeys(conf);
        if (setup == ResourceManagers.HA_PAIR) {
            conf.setBoolean(YarnConfiguration.RM_HA_ENABLED, true);
            conf.set(YarnConfiguration.RM_HA_IDS, String.join(",", HA_IDS));
            conf.set(YarnConfiguration.RM_CLUSTER_ID, CLUSTER_ID);
            // Tests choose the active RM; an elector would race them.
            conf.setBoolean(YarnConfiguration.AUTO_FAILOVER_ENABLED, false);
            Iterator<Integer> ports = FreePorts.pick(addressKeys.size() * HA_IDS.size()).iterator();
            for (String id : HA_IDS) {
                for (String key : addressKeys) {
                    conf.set(HAUtil.addSuffix(key, id), address(ports.next()));
                }
            }
        } else {
            Iterator<Integer> ports = FreePorts.pick(addressKeys.size()).iterator();
            for (String key : addressKeys) {
                conf.set(key, address(ports.next()));
            }
        }
    }

    /**
     * Makes an HA pair read its configuration files from {@code dir}, where this writes {@code conf}.
     * Every transition to active reloads yarn-site.xml and capacity-scheduler.xml through the RM's
     * configuration provider ({@code AdminService.refreshAll}), as on a real cluster. The default
     * provider reads them from the classpath, which here holds Hadoop's test capacity-scheduler.xml
     * with no {@code root.dl}: the first transition would fail, CapacityScheduler refusing to drop a
     * running queue. Call before the cluster is initialised, with the configuration complete.
     */
    static void shareConfigurationFiles(Configuration conf, Path dir) throws IOException {
        conf.set(YarnConfiguration.RM_CONFIGURATION_PROVIDER_CLASS, FileSystemBasedConfigurationProvider.class.getName());
        // A file: URI, so the store stays local when HDFS is the default file system.
        conf.set(YarnConfiguration.FS_BASED_RM_CONF_STORE, dir.toUri().toString());
        Files.createDirectories(dir);
        for (String name : List.of(YarnConfiguration.YARN_SITE_CONFIGURATION_FILE, YarnConfiguration.CS_CONFIGURATION_FILE)) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(name))) {
                conf.writeXml(out);
            }
        }
    }

    private static String address(int port) {
        return "localhost:" + port;
    }
}
