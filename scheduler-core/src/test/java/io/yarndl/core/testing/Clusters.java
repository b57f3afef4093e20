package io.yarndl.core.testing;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Small hand-built or seeded-random cluster snapshots for policy and placement tests. */
public final class Clusters {

    /** Memory and vcores per GPU on the test machines, so one number describes a node. */
    public static final int VCORES_PER_GPU = 4;
    public static final long MEMORY_MB_PER_GPU = 16_384;

    private Clusters() {
    }

    /** A vector of {@code gpus} GPUs with the matching vcores and memory. */
    public static Resources gpus(int gpus) {
        return Resources.of(gpus, gpus * VCORES_PER_GPU, gpus * MEMORY_MB_PER_GPU);
    }

    /** An idle node of {@code gpus} GPUs (and matching vcores and memory). */
    public static Node node(String id, int gpus) {
        return Node.of(id, gpus(gpus));
    }

    /** A node of {@code capacityGpus} GPUs of which only {@code availableGpus} may be divided. */
    public static Node node(String id, int capacityGpus, int availableGpus) {
        return new Node(id, "/default-rack", "V100", gpus(capacityGpus), gpus(availableGpus));
    }

    /** An idle node of {@code gpus} GPUs of GPU type {@code type}. */
    public static Node typed(String id, String type, int gpus) {
        return new Node(id, "/default-rack", type, gpus(gpus), gpus(gpus));
    }

    /** An idle node of {@code gpus} V100 GPUs in rack {@code rack}. */
    public static Node inRack(String id, String rack, int gpus) {
        return inRack(id, rack, "V100", gpus);
    }

    /** An idle node of {@code gpus} GPUs of GPU type {@code type} in rack {@code rack}. */
    public static Node inRack(String id, String rack, String type, int gpus) {
        return new Node(id, rack, type, gpus(gpus), gpus(gpus));
    }

    public static ClusterSnapshot of(Node... nodes) {
        return new ClusterSnapshot(0, List.of(nodes));
    }

    /** {@code count} idle nodes {@code n0, n1, ...} of {@code gpusPerNode} GPUs each. */
    public static ClusterSnapshot uniform(int count, int gpusPerNode) {
        List<Node> nodes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            nodes.add(node("n" + i, gpusPerNode));
        }
        return new ClusterSnapshot(0, nodes);
    }

    /**
     * 1 to 12 V100 nodes of 1 to 8 GPUs in three racks, some partly taken by non-policy work, with
     * vcores and memory drawn separately so that GPUs are not always the binding dimension.
     */
    public static ClusterSnapshot random(Random random) {
        return random(random, "V100");
    }

    /** As {@link #random(Random)}, each node's GPU type drawn from {@code gpuTypes}. */
    public static ClusterSnapshot random(Random random, String... gpuTypes) {
        int count = 1 + random.nextInt(12);
        List<Node> nodes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int gpus = 1 + random.nextInt(8);
            Resources capacity = Resources.of(gpus, 8 + random.nextInt(56), 32_768L * (1 + random.nextInt(8)));
            Resources taken = Resources.of(random.nextInt(gpus + 1) / 2, random.nextInt(capacity.vcores() / 2),
                    random.nextInt((int) (capacity.memoryMb() / 2)));
            // One type draws nothing, so single-type clusters stay the ones each seed always gave.
            String type = gpuTypes.length == 1 ? gpuTypes[0] : gpuTypes[random.nextInt(gpuTypes.length)];
            nodes.add(new Node("n" + i, "/rack-" + (i % 3), type, capacity, capacity.minus(taken)));
        }
        return new ClusterSnapshot(0, nodes);
    }
}
