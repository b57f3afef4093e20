package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Node;
import io.yarndl.yarn.config.GpuTypeSettings;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
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
 *       on every node of that host. Attributes belong to a host, not to a {@code host:port}. But
 *       {@code CapacityScheduler.updateNodeAttributes} finds that host's nodes by node name
 *       ({@code ClusterNodeTracker.getNodeIdsByResourceName}), so where the RM names nodes
 *       {@code host:port} ({@code yarn.scheduler.include-port-in-node-name=true}) no node is found
 *       and {@code getNodeAttributes()} stays null: then the host's attributes are read from the
 *       RM's {@code NodeAttributesManager} instead, once per round ({@link #forOneRound});</li>
 *   <li>the operator's mapping {@link GpuTypeSettings#byNode()}: the node's {@code host:port},
 *       then its host;</li>
 *   <li>its node-label partition, where it has one;</li>
 *   <li>else {@link Node#UNKNOWN_GPU_TYPE}.</li>
 * </ol>
 *
 * Thread-safe; reads nothing but what it is given, and the hosts' attributes where a node has none.
 */
public final class GpuTypeReader {

    private final String attributePrefix;
    private final String attributeName;
    private final Map<String, String> byNode;
    private final Supplier<Map<String, Set<NodeAttribute>>> hostAttributes;

    /** A reader that knows no host's attributes beyond what each node says. */
    public GpuTypeReader(GpuTypeSettings settings) {
        this(settings, Map::of);
    }

    /**
     * @param hostAttributes every host's node attributes, as the RM's {@code NodeAttributesManager}
     *                       has them: read only for nodes whose own attributes were never set
     */
    public GpuTypeReader(GpuTypeSettings settings, Supplier<Map<String, Set<NodeAttribute>>> hostAttributes) {
        Objects.requireNonNull(settings, "settings");
        int slash = settings.attribute().lastIndexOf('/');
        this.attributePrefix = slash < 0 ? null : settings.attribute().substring(0, slash);
        this.attributeName = settings.attribute().substring(slash + 1);
        this.byNode = settings.byNode();
        this.hostAttributes = Objects.requireNonNull(hostAttributes, "hostAttributes");
    }

    private GpuTypeReader(GpuTypeReader base, Supplier<Map<String, Set<NodeAttribute>>> hostAttributes) {
        this.attributePrefix = base.attributePrefix;
        this.attributeName = base.attributeName;
        this.byNode = base.byNode;
        this.hostAttributes = hostAttributes;
    }

    /** This reader for one round: the hosts' attributes are read at most once, when a node first needs them. */
    public GpuTypeReader forOneRound() {
        Supplier<Map<String, Set<NodeAttribute>>> source = hostAttributes;
        return new GpuTypeReader(this, new Supplier<>() {
            private Map<String, Set<NodeAttribute>> read;

            @Override
            public synchronized Map<String, Set<NodeAttribute>> get() {
                if (read == null) {
                    read = source.get();
                }
                return read;
            }
        });
    }

    /** A reader of the default settings: attribute {@code gpu-type}, no mapping. */
    public static GpuTypeReader defaults() {
        return new GpuTypeReader(GpuTypeSettings.defaults());
    }

    /**
     * The GPU type of a node.
     *
     * @param attributes its node attributes ({@code SchedulerNode.getNodeAttributes()}): empty when
     *                   it has none, null when the scheduler never set them (its host's are read then)
     * @param node       its id
     * @param partition  its node-label partition, empty or null for the default partition
     */
    public String typeOf(Set<NodeAttribute> attributes, NodeId node, String partition) {
        String fromAttribute = attribute(attributes != null ? attributes : hostAttributes.get().get(node.getHost()));
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
