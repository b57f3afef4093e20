package io.yarndl.contract.cluster;

import io.yarndl.core.cluster.Node;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The GPU type of each node as the scheduler reads it (its node attribute, the operator's mapping
 * or its partition), published for ApplicationMasters in {@code <root>/gpu-types}
 * ({@link NodeGpuTypesCodec}): an AM knows the nodes its workers run on from their containers,
 * and tags its progress samples with their type. Nodes without a type are left out. Immutable.
 *
 * @param byNode GPU type by the scheduler's node name: {@code host:port} where the RM names nodes
 *               with their port ({@code yarn.scheduler.include-port-in-node-name}), else the host
 */
public record NodeGpuTypes(Map<String, String> byNode) {

    public NodeGpuTypes {
        byNode = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(byNode, "byNode")));
    }

    /** No node has a type. */
    public static NodeGpuTypes none() {
        return new NodeGpuTypes(Map.of());
    }

    /**
     * The type of the node a container runs on.
     *
     * @param host its host, as the container's {@code NodeId} says
     * @param port its NodeManager's port
     * @return the type published for {@code host:port}, else for {@code host}, else
     *         {@link Node#UNKNOWN_GPU_TYPE}
     */
    public String typeOf(String host, int port) {
        String type = byNode.get(host + ":" + port);
        if (type == null) {
            type = byNode.get(host);
        }
        return type == null ? Node.UNKNOWN_GPU_TYPE : type;
    }

    /**
     * The one type of the nodes {@code hostPorts} ({@code host:port} each), or
     * {@link Node#UNKNOWN_GPU_TYPE} when there are none, one has no type, or they differ: only a
     * sample measured on one known type says something about that type.
     */
    public String commonTypeOf(Collection<String> hostPorts) {
        String common = null;
        for (String hostPort : hostPorts) {
            int colon = hostPort.lastIndexOf(':');
            String type;
            try {
                type = colon < 0 ? typeOf(hostPort, -1) : typeOf(hostPort.substring(0, colon),
                        Integer.parseInt(hostPort.substring(colon + 1)));
            } catch (NumberFormatException notAPort) {
                type = typeOf(hostPort, -1);
            }
            if (Node.UNKNOWN_GPU_TYPE.equals(type) || common != null && !common.equals(type)) {
                return Node.UNKNOWN_GPU_TYPE;
            }
            common = type;
        }
        return common == null ? Node.UNKNOWN_GPU_TYPE : common;
    }
}
