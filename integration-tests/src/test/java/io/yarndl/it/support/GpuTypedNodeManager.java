package io.yarndl.it.support;

import io.yarndl.demo.cluster.DlMiniCluster;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.service.Service;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * A NodeManager started in the test JVM on a host name of its own, reporting its GPU type as the
 * node attribute {@code nm.yarn.io/gpu-type} the way an operator may configure a real one: with
 * Hadoop's script provider, {@code yarn.nodemanager.node-attributes.provider=script} and
 * {@code yarn.nodemanager.node-attributes.provider.script.path} naming a script that prints
 * {@code NODE_ATTRIBUTE:gpu-type,STRING,<type>}.
 *
 * <p>Not the {@code config} provider ({@code ...provider.configured-node-attributes=gpu-type,STRING,V100}),
 * which an operator would more likely use: Hadoop 3.5.0's {@code ConfigurationNodeAttributesProvider}
 * reads that key from {@code new YarnConfiguration()} on every fetch, the {@code yarn-site.xml} on
 * the NodeManager's classpath, not from the configuration the NodeManager was started with; all
 * NodeManagers of one JVM share a classpath, so in a test they could not differ. On a real
 * cluster each NodeManager has its own {@code yarn-site.xml}, and either provider works.
 *
 * <p>Why not MiniYARNCluster's own NodeManagers: it starts each on {@code localhost:0}, and the RM
 * keeps node attributes per host ({@code NodeAttributesManagerImpl} by host name;
 * {@code CapacityScheduler.updateNodeAttributes} sets them on every node of that host), so its
 * NodeManagers cannot differ by attribute. This one's {@code yarn.nodemanager.address} names the
 * host, e.g. {@code 127.0.0.2:0}; Linux answers the whole 127/8 on the loopback device. Its node id
 * is then what {@code ContainerManagerImpl.buildNodeId} makes of it,
 * {@code InetAddress.getCanonicalHostName()} of that address, which {@link #nodeHost} predicts:
 * {@code localhost} for 127.0.0.1, the literal address for one {@code /etc/hosts} does not name.
 *
 * <p>The rest is what MiniYARNCluster's {@code NodeManagerWrapper} sets: local and log
 * directories of its own, the pmem of the mini cluster, no hardware detection, no resource
 * monitoring. Resources (GPUs included) come from the cluster's configuration; Hadoop reads a
 * node's extra resource types once per JVM, so all such NodeManagers of a JVM have the same GPUs.
 */
public final class GpuTypedNodeManager implements AutoCloseable {

    /** The attribute a NodeManager reports, under the prefix {@code nm.yarn.io}. */
    public static final String ATTRIBUTE = "gpu-type";

    private final NodeManager nodeManager;
    private final String gpuType;

    private GpuTypedNodeManager(NodeManager nodeManager, String gpuType) {
        this.nodeManager = nodeManager;
        this.gpuType = gpuType;
    }

    /**
     * Starts a NodeManager on {@code host} that reports GPU type {@code gpuType} to the RM of
     * {@code clusterConf}.
     *
     * @param workDir where its local and log directories go
     */
    public static GpuTypedNodeManager start(Configuration clusterConf, String host, String gpuType, Path workDir)
            throws IOException {
        YarnConfiguration conf = new YarnConfiguration(clusterConf);
        Path dir = Files.createDirectories(workDir.resolve("nm-" + host + "-" + gpuType));
        conf.set(YarnConfiguration.NM_LOCAL_DIRS, Files.createDirectories(dir.resolve("local")).toString());
        conf.set(YarnConfiguration.NM_LOG_DIRS, Files.createDirectories(dir.resolve("logs")).toString());
        conf.setInt(YarnConfiguration.NM_PMEM_MB, conf.getInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB,
                YarnConfiguration.DEFAULT_YARN_MINICLUSTER_NM_PMEM_MB));
        conf.set(YarnConfiguration.NM_ADDRESS, host + ":0");
        conf.set(YarnConfiguration.NM_LOCALIZER_ADDRESS, host + ":0");
        WebAppUtils.setNMWebAppHostNameAndPort(conf, host, 0);
        conf.setBoolean(YarnConfiguration.NM_ENABLE_HARDWARE_CAPABILITY_DETECTION, false);
        conf.setBoolean(YarnConfiguration.NM_CONTAINER_MONITOR_ENABLED, false);
        conf.setLong(YarnConfiguration.NM_RESOURCE_MON_INTERVAL_MS, 0);
        // What an operator writes in the NodeManager's yarn-site.xml, and the script it names.
        Path script = dir.resolve("gpu-type.sh");
        Files.writeString(script, "#!/bin/sh\necho NODE_ATTRIBUTE:" + ATTRIBUTE + ",STRING," + gpuType + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        conf.set(YarnConfiguration.NM_NODE_ATTRIBUTES_PROVIDER_CONFIG, YarnConfiguration.SCRIPT_NODE_DESCRIPTOR_PROVIDER);
        conf.set(YarnConfiguration.NM_SCRIPT_BASED_NODE_ATTRIBUTES_PROVIDER_PATH, script.toString());

        NodeManager nodeManager = new NodeManager();
        nodeManager.init(conf);
        nodeManager.start();
        if (nodeManager.getServiceState() != Service.STATE.STARTED) {
            throw new IOException("the NodeManager on " + host + " did not start", nodeManager.getFailureCause());
        }
        return new GpuTypedNodeManager(nodeManager, gpuType);
    }

    /** The host name the RM will know a NodeManager on {@code address} by. */
    public static String nodeHost(String address) throws IOException {
        return InetAddress.getByName(address).getCanonicalHostName();
    }

    /** Its node id, {@code host:port}, as the RM knows it. */
    public NodeId nodeId() {
        return nodeManager.getNMContext().getNodeId();
    }

    /** The GPU type it reports. */
    public String gpuType() {
        return gpuType;
    }

    @Override
    public void close() {
        nodeManager.stop();
    }

    /**
     * Starts two NodeManagers on hosts of their own, {@code hostA} and {@code hostB}, typed as given,
     * and waits until the ResourceManager knows both. Fails first when this machine names the two
     * hosts alike, since they would then share one host and one set of node attributes.
     */
    public static GpuTypedNodeManager[] startTwo(DlMiniCluster cluster, String hostA, String typeA, String hostB,
                                                 String typeB, Duration timeout) throws Exception {
        if (nodeHost(hostA).equals(nodeHost(hostB))) {
            throw new IllegalStateException("this machine names " + hostB + " like " + hostA
                    + ": the two NodeManagers would share one host and so one set of node attributes");
        }
        GpuTypedNodeManager a = start(cluster.yarnConf(), hostA, typeA, cluster.workDir());
        GpuTypedNodeManager b = start(cluster.yarnConf(), hostB, typeB, cluster.workDir());
        Poll.until("both NodeManagers registered", timeout,
                () -> cluster.resourceManager().getRMContext().getRMNodes().size() == 2);
        return new GpuTypedNodeManager[] {a, b};
    }

    /** Stops each of nodeManagers that started, last first. */
    public static void stopAll(GpuTypedNodeManager... nodeManagers) {
        for (int i = nodeManagers.length - 1; i >= 0; i--) {
            if (nodeManagers[i] != null) {
                nodeManagers[i].close();
            }
        }
    }
}
