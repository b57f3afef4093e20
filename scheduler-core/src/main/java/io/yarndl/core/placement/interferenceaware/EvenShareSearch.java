package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.packing.PackingPlacement;
import java.util.Arrays;

/**
 * The best placement of a job's even shares on some ranked nodes: for k = 1, 2, ... its tasks are
 * shared over k nodes as packing shares them ({@link PackingPlacement#shareAt}), each share on the
 * best-ranked node with room for it, in one pass. A synchronous job is paced by its slowest worker
 * and its slowest link, so a placement scores the lowest fitness among its nodes times the fitness
 * of spanning k nodes ({@link NodeCountFitness}) times that of spanning the racks they sit in
 * ({@link RackCountFitness}). The best score wins, ties to fewer nodes, then to the placement found
 * first; k stops growing once k nodes could not beat the best even with every node as good as the
 * best-ranked one, in one rack.
 */
final class EvenShareSearch {

    /** A placement found: its nodes (ledger indices, in share order) and its score. */
    record Found(int[] nodes, double score) {
    }

    private EvenShareSearch() {
    }

    /**
     * The best placement on {@code ranked} that scores more than {@code toBeat}, or {@code toBeat}
     * itself (null for none yet) when none does.
     */
    static Found best(NodeLedger ledger, PlacementRequest request, RankedNodes ranked, NodeConstraint constraint,
                      RackGroups racks, Found toBeat) {
        TaskCount tasks = request.tasks();
        int maxNodes = Math.min(ranked.count(), Math.max(tasks.workers(), tasks.ps()));
        if (maxNodes == 0 || !request.totalDemand().fitsIn(ranked.totalFree())) {
            return toBeat;
        }
        int[] chosen = new int[maxNodes];
        Found best = toBeat;
        for (int k = 1; k <= maxNodes; k++) {
            double bound = ranked.fitness(0) * NodeCountFitness.of(k);
            // The best-ranked fitness bounds the worst, and both spanning fitnesses fall with k.
            if (best != null && bound <= best.score()) {
                break;
            }
            // Every share of this k is at least the floor share; one larger than any node's room fits none.
            if (!demandOf(new TaskCount(tasks.workers() / k, tasks.ps() / k), request).fitsIn(ranked.largestFree())) {
                continue;
            }
            double worst = choose(k, chosen, ledger, request, ranked, constraint);
            if (worst < 0) {
                continue;
            }
            double score = worst * NodeCountFitness.of(k) * RackCountFitness.of(racks.spanned(chosen, k));
            if (best == null || score > best.score()) {
                best = new Found(Arrays.copyOf(chosen, k), score);
            }
        }
        return best;
    }

    /**
     * Fills {@code chosen[0..k)} with the best-ranked nodes that admit the k shares, in one pass.
     *
     * @return the lowest fitness among them, or -1 when the ranked nodes run out first
     */
    private static double choose(int k, int[] chosen, NodeLedger ledger, PlacementRequest request, RankedNodes ranked,
                                 NodeConstraint constraint) {
        int position = 0;
        double worst = 1;
        Resources share = demandOf(PackingPlacement.shareAt(0, k, request.tasks()), request);
        for (int rank = 0; rank < ranked.count(); rank++) {
            int node = ranked.node(rank);
            if (constraint.admits(ledger, node, share)) {
                chosen[position++] = node;
                worst = Math.min(worst, ranked.fitness(rank));
                if (position == k) {
                    return worst;
                }
                share = demandOf(PackingPlacement.shareAt(position, k, request.tasks()), request);
            }
        }
        return -1;
    }

    private static Resources demandOf(TaskCount share, PlacementRequest request) {
        return request.workerDemand().times(share.workers()).plus(request.psDemand().times(share.ps()));
    }
}
