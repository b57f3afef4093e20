package io.yarndl.demo.cluster;

import io.yarndl.demo.cluster.DlClusterOptions.ResourceManagers;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * Puts a cluster's ResourceManager web UI on a port chosen in advance. MiniYARNCluster moves every
 * ResourceManager address, the web UI's included, to an ephemeral port unless
 * {@value YarnConfiguration#YARN_MINICLUSTER_FIXED_PORTS} is on; with it on, it takes every address
 * from the configuration, so the others are given free ports here.
 */
final class FixedWebPort {

    private FixedWebPort() {
    }

    /** Sets the web UI to {@code port} on localhost; nothing when {@code port} is 0. */
    static void apply(Configuration conf, ResourceManagers setup, int port) {
        if (port == 0) {
            return;
        }
        switch (setup) {
            case HA_PAIR -> throw new IllegalArgumentException("a fixed web port needs one ResourceManager, not "
                    + setup);
            // RecoverableRmConfig already fixed every address.
            case RESTARTABLE -> { }
            case SINGLE -> {
                conf.setBoolean(YarnConfiguration.YARN_MINICLUSTER_FIXED_PORTS, true);
                List<String> keys = YarnConfiguration.getServiceAddressConfKeys(conf);
                Iterator<Integer> ports = FreePorts.pick(keys.size()).iterator();
                for (String key : keys) {
                    conf.set(key, "localhost:" + ports.next());
                }
            }
            default -> throw new IllegalStateException("unknown setup " + setup);
        }
        conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS, "localhost:" + port);
    }
}
