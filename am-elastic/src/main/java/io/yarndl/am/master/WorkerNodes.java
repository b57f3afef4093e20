package io.yarndl.am.master;

import io.yarndl.contract.cluster.NodeGpuTypes;
import io.yarndl.core.cluster.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which node each of the job's containers runs on (the {@code NodeId} of its grant) and the GPU
 * type of each node as the scheduler last published it ({@code <root>/gpu-types}): what the AM
 * tags a progress sample with, the one type of the nodes the generation's workers run on.
 *
 * <p>Thread-safe: grants arrive on the RM callback thread, the types from the AM's timer, and the
 * job asks under its own lock; nothing here waits on ZooKeeper. Until the scheduler's types are
 * read (ZooKeeper unreachable, a scheduler of a release without them) every sample goes untagged,
 * which the scheduler reads as "type unknown".
 */
final class WorkerNodes {

    private final Map<String, String> nodeOfContainer = new ConcurrentHashMap<>();
    private volatile NodeGpuTypes types = NodeGpuTypes.none();

    /** {@code containerId} was granted on {@code nodeId} ({@code host:port}). */
    void placed(String containerId, String nodeId) {
        nodeOfContainer.put(Objects.requireNonNull(containerId, "containerId"), Objects.requireNonNull(nodeId, "nodeId"));
    }

    /** The container ended or was given back: no sample needs its node any more. */
    void gone(String containerId) {
        nodeOfContainer.remove(containerId);
    }

    /** The types the scheduler published, read afresh. */
    void typesAre(NodeGpuTypes published) {
        types = Objects.requireNonNull(published, "published");
    }

    /**
     * The one GPU type of the nodes {@code workers} run on; {@code Node.UNKNOWN_GPU_TYPE} when a
     * worker's node is unknown or has no type, or they differ.
     */
    String gpuTypeOf(List<String> workers) {
        List<String> nodes = new ArrayList<>(workers.size());
        for (String worker : workers) {
            String node = nodeOfContainer.get(worker);
            if (node == null) {
                return Node.UNKNOWN_GPU_TYPE;
            }
            nodes.add(node);
        }
        return types.commonTypeOf(nodes);
    }
}
