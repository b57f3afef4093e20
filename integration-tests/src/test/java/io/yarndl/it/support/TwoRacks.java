package io.yarndl.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.net.TableMapping;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.util.RackResolver;

/**
 * Two racks for a MiniYARNCluster, the way an operator maps racks: NodeManagers on hosts
 * {@value #HOST_A} and {@value #HOST_B} ({@link GpuTypedNodeManager#startTwo}), put in racks
 * {@value #RACK_A} and {@value #RACK_B} by Hadoop's {@link TableMapping}
 * ({@code net.topology.node.switch.mapping.impl}, {@code net.topology.table.file.name}).
 *
 * <p>YARN resolves racks through {@link RackResolver}, which initialises once per JVM and keeps its
 * mapping; the integration tests share a JVM, so a class using racks calls {@link #forgetRacks()}
 * before its cluster starts and after it stops.
 */
public final class TwoRacks {

    public static final String HOST_A = "localhost";
    public static final String HOST_B = "127.0.0.2";
    public static final String RACK_A = "/rack-a";
    public static final String RACK_B = "/rack-b";

    private TwoRacks() {
    }

    /** Forgets the racks resolved so far and sets {@code conf} to map the two hosts to their racks. */
    public static void configure(Configuration conf) {
        forgetRacks();
        conf.setBoolean(YarnConfiguration.RM_SCHEDULER_INCLUDE_PORT_IN_NODE_NAME, false);
        conf.set(CommonConfigurationKeysPublic.NET_TOPOLOGY_NODE_SWITCH_MAPPING_IMPL_KEY, TableMapping.class.getName());
        conf.set(CommonConfigurationKeysPublic.NET_TOPOLOGY_TABLE_MAPPING_FILE_KEY, rackTable().toString());
    }

    /** Hadoop's test-only {@code RackResolver.reset()}: the next cluster resolves racks with its own configuration. */
    public static void forgetRacks() {
        try {
            Method reset = RackResolver.class.getDeclaredMethod("reset");
            reset.setAccessible(true);
            reset.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("RackResolver.reset() is gone from this Hadoop: " + e, e);
        }
    }

    /**
     * The table file: each NodeManager's host and its rack, by name and by address, since Hadoop's
     * rack cache looks hosts up by address (it maps {@code localhost} to {@code 127.0.0.1}).
     */
    private static Path rackTable() {
        try {
            Path table = Files.createTempFile("yarn-dl-racks", ".txt");
            table.toFile().deleteOnExit();
            Files.writeString(table, rows(HOST_A, RACK_A) + rows(HOST_B, RACK_B));
            return table;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String rows(String host, String rack) throws IOException {
        String name = GpuTypedNodeManager.nodeHost(host);
        return name + " " + rack + "\n" + InetAddress.getByName(name).getHostAddress() + " " + rack + "\n";
    }
}
