package io.yarndl.sim.workload;

import io.yarndl.core.cluster.Resources;
import java.util.Locale;
import java.util.Objects;

/**
 * Alike machines of a simulated cluster: {@code nodes} nodes of one GPU type, each with
 * {@code perNode} capacity. A cluster is a list of such groups ({@link ClusterSpec}); a
 * homogeneous cluster is one group.
 *
 * @param gpuType the GPU type the group's nodes report ({@link io.yarndl.core.cluster.Node#acceleratorType()})
 * @param nodes   how many nodes, at least 1
 * @param perNode one node's capacity
 */
public record NodeGroup(String gpuType, int nodes, Resources perNode) {

    /**
     * Virtual cores a node gets per GPU when only its GPUs are given: today's default node
     * (64 vcores, 8 GPUs) has 8 per GPU.
     */
    public static final int VCORES_PER_GPU = 8;

    /** Memory a node gets per GPU when only its GPUs are given: today's default node (512 GiB, 8 GPUs) has 64 GiB per GPU. */
    public static final long MEMORY_MB_PER_GPU = 64L * 1024;

    public NodeGroup {
        Objects.requireNonNull(gpuType, "gpuType");
        Objects.requireNonNull(perNode, "perNode");
        if (gpuType.isBlank()) {
            throw new IllegalArgumentException("a node group needs a GPU type");
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("a node group needs at least one node, got " + nodes);
        }
    }

    /**
     * {@code nodes} nodes of {@code gpus} GPUs of type {@code gpuType} (stored upper-case), with
     * {@link #VCORES_PER_GPU} vcores and {@link #MEMORY_MB_PER_GPU} memory per GPU.
     */
    public static NodeGroup ofGpus(String gpuType, int nodes, int gpus) {
        if (gpus < 1) {
            throw new IllegalArgumentException("a node needs at least one GPU, got " + gpus);
        }
        return new NodeGroup(gpuType.trim().toUpperCase(Locale.ROOT), nodes,
                Resources.of(gpus, VCORES_PER_GPU * gpus, MEMORY_MB_PER_GPU * gpus));
    }

    /** Everything the group's nodes have together. */
    public Resources total() {
        return perNode.times(nodes);
    }
}
