package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Node;
import io.yarndl.yarn.config.GpuTypeSettings;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.yarn.api.records.NodeAttribute;
import org.apache.hadoop.yarn.api.records.NodeId;

/**
 * Says a node's GPU type, the first of:
 *
 * <ol>
 *   <li>its node attribute named {@link GpuTypeSettings#attribute()}, with any prefix (or the one it
 *       names; the administrator's {@code rm.yarn.io} before a NodeManager's {@code nm.yarn.io}
 *       where a host has both). Hadoop 3.5.0's CapacityScheduler keeps {@code SchedulerNode.getNodeAttributes()}
 *       up to date: {@code NodeAttributesManagerImpl} sends a {@code NODE_ATTRIBUTES_UPDATE}
 *       event whenever a host's attributes change (a NodeManager's heartbeat, {@code yarn
 *       nodeattributes}) and again when a node registers, and {@code CapacityScheduler} sets them
 *       on every node of that host. Attributes belong to a host, not to a {@code host:port};</li>
 *   <li>the operator's mapping {@link GpuTypeSettings#byNode()}: the node's {@code host:port},
 *       then its host;</li>
 *   <li>its node-label partition, where it has one;</li>
 *   <li>else {@link Node#UNKNOWN_GPU_TYPE}.</li>
 * </ol>
 *
 * Pure; thread-safe.
 */
public final class GpuTypeReader {

    private final String attributePrefix;
    private final String attributeName;
    private final Map<String, String> byNode;

    public GpuTypeReader(GpuTypeSettings settings) {
        Objects.requireNonNull(settings, "settings");
        int slash = settings.attribute().lastIndexOf('/');
        this.attributePrefix = slash < 0 ? null : settings.attribute().substring(0, slash);
        this.attributeName = settings.attribute().substring(slash + 1);
        this.byNode = settings.byNode();
    }

    /** A reader of the default settings: attribute {@code gpu.type}, no mapping. */
    public static GpuTypeReader defaults() {
        return new GpuTypeReader(GpuTypeSettings.defaults());
    }

    /**
     * The GPU type of a node.
     *
     * @param attributes its node attributes; null or empty when it has none
     * @param node       its id
     * @param partition  its node-label partition, empty or null for the default partition
     */
    public String typeOf(Set<NodeAttribute> attributes, NodeId node, String partition) {
        String fromAttribute = attribute(attributes);
        if (fromAttribute != null) {
            return fromAttribute;
        }
        String mapped = byNode.get(node.getHost() + ":" + node.getPort());
        if (mapped == null) {
            mapped = byNode.get(node.getHost());
        }
        if (mapped != null) {
            return mapped;
        }
        return partition == null || partition.isBlank() ? Node.UNKNOWN_GPU_TYPE : partition;
    }

    // Where a host has the attribute under several prefixes, the administrator's (rm.yarn.io) wins,
    // then the prefixes in alphabetical order: the same node always reads the same.
    private String attribute(Set<NodeAttribute> attributes) {
        if (attributes == null) {
            return null;
        }
        TreeMap<String, String> byPrefix = new TreeMap<>();
        for (NodeAttribute attribute : attributes) {
            var key = attribute.getAttributeKey();
            String prefix = key.getAttributePrefix() == null ? "" : key.getAttributePrefix();
            String value = attribute.getAttributeValue();
            if (attributeName.equals(key.getAttributeName())
                    && (attributePrefix == null || attributePrefix.equals(prefix))
                    && value != null && !value.isBlank()) {
                byPrefix.put(prefix, value.trim());
            }
        }
        String central = byPrefix.get(NodeAttribute.PREFIX_CENTRALIZED);
        return central != null ? central : byPrefix.isEmpty() ? null : byPrefix.firstEntry().getValue();
    }
}
