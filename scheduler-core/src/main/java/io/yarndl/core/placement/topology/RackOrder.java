package io.yarndl.core.placement.topology;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.placement.NodeLedger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The racks of a job's eligible nodes, ranked by what they have free now: racks grouped by pod
 * ({@link io.yarndl.core.cluster.Node#pod()}), the pod with the most free GPUs first, so that the
 * first r racks stay in one pod while it has r; within a pod, most free GPUs first, then the
 * largest free size ({@link NodeLedger#sizeOf}), ties in the order the racks first appear among the
 * nodes. Where racks name no pod, all are one pod, and the order is by the racks alone. Only eligible nodes count towards a rack, so a rack of another GPU type's nodes
 * ranks nowhere. A snapshot of one moment: build it again after the ledger changes.
 */
final class RackOrder {

    /** Each node's rack's rank, by ledger index; -1 for a node that is not eligible. */
    private final int[] rankOfNode;
    /** Free resources of each rack's eligible nodes, by rank. */
    private final Resources[] freeByRank;

    private RackOrder(int[] rankOfNode, Resources[] freeByRank) {
        this.rankOfNode = rankOfNode;
        this.freeByRank = freeByRank;
    }

    /** Ranks the racks of the nodes {@code eligible} accepts. O(n + r log r) for n nodes in r racks. */
    static RackOrder of(NodeLedger ledger, IntPredicate eligible) {
        Map<String, Integer> rackByName = new HashMap<>();
        List<Resources> free = new ArrayList<>();
        List<String> podOfRack = new ArrayList<>();
        Map<String, Integer> podFreeGpus = new HashMap<>();
        int[] rackOfNode = new int[ledger.size()];
        for (int node = 0; node < ledger.size(); node++) {
            if (!eligible.test(node)) {
                rackOfNode[node] = -1;
                continue;
            }
            Node info = ledger.node(node);
            int rack = rackByName.computeIfAbsent(info.rack(), name -> {
                free.add(Resources.ZERO);
                podOfRack.add(info.pod());
                return free.size() - 1;
            });
            rackOfNode[node] = rack;
            free.set(rack, free.get(rack).plus(ledger.free(node)));
            podFreeGpus.merge(info.pod(), ledger.free(node).gpus(), Integer::sum);
        }
        Integer[] byRank = new Integer[free.size()];
        Arrays.setAll(byRank, rack -> rack);
        Arrays.sort(byRank, Comparator.comparingInt((Integer rack) -> -podFreeGpus.get(podOfRack.get(rack)))
                .thenComparing(podOfRack::get)
                .thenComparingInt(rack -> -free.get(rack).gpus())
                .thenComparingDouble(rack -> -ledger.sizeOf(free.get(rack)))
                .thenComparingInt(rack -> rack));
        int[] rankOfRack = new int[byRank.length];
        Resources[] freeByRank = new Resources[byRank.length];
        for (int rank = 0; rank < byRank.length; rank++) {
            rankOfRack[byRank[rank]] = rank;
            freeByRank[rank] = free.get(byRank[rank]);
        }
        for (int node = 0; node < rackOfNode.length; node++) {
            if (rackOfNode[node] >= 0) {
                rackOfNode[node] = rankOfRack[rackOfNode[node]];
            }
        }
        return new RackOrder(rackOfNode, freeByRank);
    }

    /** How many racks hold eligible nodes. */
    int count() {
        return freeByRank.length;
    }

    /** The rank of node {@code node}'s rack, 0 for the most free; -1 when the node is not eligible. */
    int rankOf(int node) {
        return rankOfNode[node];
    }

    /** What the eligible nodes of the rack at {@code rank} have free together. */
    Resources free(int rank) {
        return freeByRank[rank];
    }
}
