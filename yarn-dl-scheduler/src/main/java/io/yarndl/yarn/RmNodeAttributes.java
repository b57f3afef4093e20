package io.yarndl.yarn;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.nodelabels.NodeAttributesManager;
import org.apache.hadoop.yarn.server.api.protocolrecords.NodeToAttributes;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;

/**
 * Every host's node attributes as the RM's {@link NodeAttributesManager} keeps them, read once a
 * round for the nodes whose {@code SchedulerNode} has none: CapacityScheduler finds a host's nodes
 * by node name, so where node names include the port it never sets their attributes. Attributes
 * are per host in Hadoop; the manager copies them under its own lock.
 */
final class RmNodeAttributes {

    private final RMContext context;

    RmNodeAttributes(RMContext context) {
        this.context = context;
    }

    /** By host name, that host's attributes; empty when the RM keeps none. */
    Map<String, Set<NodeAttribute>> byHost() {
        NodeAttributesManager attributes = context.getNodeAttributesManager();
        Map<String, Set<NodeAttribute>> byHost = new HashMap<>();
        if (attributes != null) {
            for (NodeToAttributes host : attributes.getNodeToAttributes(Set.of())) {
                byHost.put(host.getNode(), Set.copyOf(host.getNodeAttributes()));
            }
        }
        return byHost;
    }
}
