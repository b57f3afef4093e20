package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.placement.NodeLedger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ranked nodes of one job ({@link RankedNodes}) grouped by rack ({@code Node.rack()}): each
 * rack's nodes in their rank order, the racks in the order of their best-ranked node, so at equal
 * fitness the rack that packing's most-free order reaches first comes first. Pods are not read:
 * two racks of one pod count as two racks, as two of different pods do.
 *
 * <p>Cost: one pass over the ranked nodes, one hash lookup of a rack name each.
 */
final class RackGroups {

    /** Each ranked node's rack, by ledger index; -1 for a node not ranked. */
    private final int[] rackOfNode;
    private final List<RankedNodes> racks;

    private RackGroups(int[] rackOfNode, List<RankedNodes> racks) {
        this.rackOfNode = rackOfNode;
        this.racks = racks;
    }

    static RackGroups of(NodeLedger ledger, RankedNodes ranked) {
        int[] rackOfNode = new int[ledger.size()];
        Arrays.fill(rackOfNode, -1);
        Map<String, Integer> rackByName = new HashMap<>();
        List<int[]> ranksOfRack = new ArrayList<>();
        int[] counts = new int[16];
        for (int rank = 0; rank < ranked.count(); rank++) {
            int node = ranked.node(rank);
            int rack = rackByName.computeIfAbsent(ledger.node(node).rack(), name -> {
                ranksOfRack.add(new int[4]);
                return ranksOfRack.size() - 1;
            });
            if (rack == counts.length) {
                counts = Arrays.copyOf(counts, rack * 2);
            }
            int[] ranks = ranksOfRack.get(rack);
            if (counts[rack] == ranks.length) {
                ranks = Arrays.copyOf(ranks, ranks.length * 2);
                ranksOfRack.set(rack, ranks);
            }
            ranks[counts[rack]++] = rank;
            rackOfNode[node] = rack;
        }
        List<RankedNodes> racks = new ArrayList<>(ranksOfRack.size());
        for (int rack = 0; rack < ranksOfRack.size(); rack++) {
            racks.add(ranked.subset(ledger, ranksOfRack.get(rack), counts[rack]));
        }
        return new RackGroups(rackOfNode, racks);
    }

    /** How many racks hold ranked nodes. */
    int count() {
        return racks.size();
    }

    /** The ranked nodes of the {@code rack}-th rack, best first. */
    RankedNodes rack(int rack) {
        return racks.get(rack);
    }

    /** How many racks the ranked nodes {@code nodes[0..k)} (ledger indices) span. */
    int spanned(int[] nodes, int k) {
        BitSet seen = new BitSet(racks.size());
        for (int i = 0; i < k; i++) {
            seen.set(rackOfNode[nodes[i]]);
        }
        return seen.cardinality();
    }
}
