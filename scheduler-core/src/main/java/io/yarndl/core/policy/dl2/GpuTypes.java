package io.yarndl.core.policy.dl2;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.Allocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The GPU types of a round's cluster as DL2's type slots ({@link Dl2Layout#TYPE_SLOTS}): the types
 * of the nodes that have GPUs, in name order, so that a type keeps its slot whatever order the nodes
 * come in; a homogeneous cluster has one. Per type, the GPUs it has and those free.
 *
 * @param names    the type of each slot
 * @param capacity GPUs of each type
 * @param free     GPUs of each type still free in the snapshot
 */
record GpuTypes(List<String> names, int[] capacity, int[] free) {

    /**
     * The types of {@code snapshot}'s nodes.
     *
     * @throws ModelFailureException when the cluster has more types than the layout's slots: the
     *                               network cannot express the round, so DL2 falls back
     */
    static GpuTypes of(ClusterSnapshot snapshot) {
        Map<String, int[]> byName = new TreeMap<>();
        for (Node node : snapshot.nodes()) {
            if (node.capacity().gpus() > 0) {
                int[] gpus = byName.computeIfAbsent(node.acceleratorType(), t -> new int[2]);
                gpus[0] += node.capacity().gpus();
                gpus[1] += Math.max(0, node.available().gpus());
            }
        }
        if (byName.size() > Dl2Layout.TYPE_SLOTS) {
            throw new ModelFailureException("the cluster has " + byName.size() + " GPU types " + byName.keySet()
                    + "; layout " + Dl2Layout.VERSION + " distinguishes at most " + Dl2Layout.TYPE_SLOTS);
        }
        List<String> names = new ArrayList<>(byName.keySet());
        int[] capacity = new int[names.size()];
        int[] free = new int[names.size()];
        for (int t = 0; t < names.size(); t++) {
            capacity[t] = byName.get(names.get(t))[0];
            free[t] = byName.get(names.get(t))[1];
        }
        return new GpuTypes(List.copyOf(names), capacity, free);
    }

    int count() {
        return names.size();
    }

    /** The slot of {@code type}, or -1 where the cluster has no GPUs of it (or it is null). */
    int slotOf(String type) {
        return type == null ? -1 : names.indexOf(type);
    }

    /** The slot of the type of the nodes {@code allocation} holds, or -1 where it holds none of them. */
    int slotOf(Allocation allocation, Map<String, Node> nodesById) {
        for (String nodeId : allocation.byNode().keySet()) {
            Node node = nodesById.get(nodeId);
            if (node != null && node.capacity().gpus() > 0) {
                return slotOf(node.acceleratorType());
            }
        }
        return -1;
    }

    int totalGpus() {
        int total = 0;
        for (int gpus : capacity) {
            total += gpus;
        }
        return total;
    }
}
