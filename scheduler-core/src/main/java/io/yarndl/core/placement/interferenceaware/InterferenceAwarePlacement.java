package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.GpuTypeChoice;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.RestrictedPlacement;
import io.yarndl.core.placement.packing.PackingPlacement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntPredicate;

/**
 * Interference-aware placement: a job on the nodes where it and its neighbours slow each other
 * down least, by the job-interference model of Zhao, Wu et al. (TNSM'22) fitted on Gavel's measured
 * pairs, traded against the fewest nodes. Written as Fenzo writes its schedulers: hard constraints
 * decide where a share of the job may go ({@link NodeConstraint}: a node of the eligible GPU type,
 * with the share free, so no node is ever over-committed), and a fitness from 0 to 1 says how good
 * each node is ({@link InterferenceFitness}: what the job keeps beside the node's tenants and what
 * they keep beside it, weighted by how much of the node they hold).
 *
 * <p>The rule: the job's candidate nodes are ranked by fitness ({@link RankedNodes}). For k = 1,
 * 2, ... its tasks are shared evenly over k nodes as packing shares them
 * ({@link PackingPlacement#shareAt}), each share on the best-ranked node with room for it
 * ({@link EvenShareSearch}). A synchronous job is paced by its slowest worker and its slowest
 * link, so a placement scores the lowest fitness among its nodes times the fitness of spanning k
 * nodes ({@link NodeCountFitness}) times that of spanning its racks ({@link RackCountFitness}:
 * traffic that crosses racks goes through the oversubscribed spine, so a rack costs more than a
 * node). The search runs on all the ranked nodes and on each rack's alone ({@link RackGroups}), as
 * {@code topology-aware} tries each rack alone, and the best score of all wins: a job stays in one
 * rack unless leaving it buys more fitness than the rack costs. Pods are not read. On nodes of
 * equal fitness (no known neighbours) the placement is packing's wherever packing's fits in one
 * rack. A job that does not change size keeps the nodes it runs on when they score as well as the
 * best (a move costs a checkpoint and restart), and among nodes of equal fitness the ones it runs
 * on rank first.
 *
 * <p>A job without GPU tasks gets fitness 1 everywhere (the model speaks of GPU jobs only), as
 * does an empty node. A job or tenant whose model family has no stand-in reads the mean measured
 * slowdown ({@link PredictedInterference}). Every job it places, kept where it runs or moved, is
 * reserved with its family, so the ledger's tenants are complete for the next. A job's GPU tasks
 * stay on one GPU type, chosen as packing chooses it ({@link GpuTypeChoice}).
 *
 * <p>Cost per call, for n nodes with room for a task in r racks: one walk and one fitness per node
 * (a few cached predictions each), one sort of n keys, one pass to group them by rack, then one
 * pass over the ranked nodes per k tried, and over a rack's nodes per k tried on that rack; k
 * sizes whose smallest share fits no node are skipped without a pass, a rack with less free than
 * the job needs is skipped whole, and k stops growing on a rack as soon as its best node could
 * not beat the best found.
 */
public final class InterferenceAwarePlacement implements RestrictedPlacement {

    public static final String NAME = "interference-aware";

    private final PredictedInterference predictions;

    /** The placement with the model fitted once per JVM on all of Gavel's measured pairs. */
    public InterferenceAwarePlacement() {
        this(PredictedInterference.shipped());
    }

    InterferenceAwarePlacement(PredictedInterference predictions) {
        this.predictions = predictions;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<Allocation> placeOn(NodeLedger ledger, PlacementRequest request, IntPredicate eligible) {
        NodeConstraint constraint = NodeConstraint.among(eligible).and(NodeConstraint.FITS_FREE);
        NodeFitness fitness = request.usesGpus() ? new InterferenceFitness(request.modelFamily(), predictions)
                : NodeFitness.NEUTRAL;
        RankedNodes ranked = RankedNodes.of(ledger, request, constraint, fitness);
        Optional<Allocation> best = best(ledger, request, ranked, constraint);
        Allocation chosen = keepsCurrent(ledger, request, eligible, fitness, best) ? request.current()
                : best.orElse(null);
        if (chosen == null) {
            return Optional.empty();
        }
        ledger.reserve(chosen, request.workerDemand(), request.psDemand(), request.modelFamily());
        return Optional.of(chosen);
    }

    /**
     * The best-scoring placement, not reserved; empty when none fits. Searched on all the ranked
     * nodes, then on each rack's alone: the unconfined search takes the best nodes wherever they
     * are, and a rack's search finds the best its nodes offer, so a rack a node slightly better in
     * fitness would pull the job out of still wins on the rack cost.
     */
    private static Optional<Allocation> best(NodeLedger ledger, PlacementRequest request, RankedNodes ranked,
                                             NodeConstraint constraint) {
        RackGroups racks = RackGroups.of(ledger, ranked);
        EvenShareSearch.Found best = EvenShareSearch.best(ledger, request, ranked, constraint, racks, null);
        // With one rack, its search is the unconfined one.
        for (int rack = 0; racks.count() > 1 && rack < racks.count(); rack++) {
            best = EvenShareSearch.best(ledger, request, racks.rack(rack), constraint, racks, best);
        }
        return best == null ? Optional.empty() : Optional.of(allocation(best.nodes(), ledger, request));
    }

    /**
     * True when the job keeps its size and its current nodes are eligible, have room, and score at
     * least as well as {@code best}: then it stays where it runs.
     */
    private static boolean keepsCurrent(NodeLedger ledger, PlacementRequest request, IntPredicate eligible,
                                        NodeFitness fitness, Optional<Allocation> best) {
        Allocation current = request.current();
        if (current.isEmpty() || !current.tasks().equals(request.tasks())
                || !ledger.fits(current, request.workerDemand(), request.psDemand())) {
            return false;
        }
        int[] nodes = new int[current.nodeCount()];
        int i = 0;
        for (String id : current.byNode().keySet()) {
            nodes[i] = ledger.indexOf(id);
            if (!eligible.test(nodes[i++])) {
                return false;
            }
        }
        return best.isEmpty() || score(nodes, ledger, fitness) >= score(indicesOf(best.get(), ledger), ledger, fitness);
    }

    private static double score(int[] nodes, NodeLedger ledger, NodeFitness fitness) {
        double worst = 1;
        for (int node : nodes) {
            worst = Math.min(worst, fitness.of(ledger, node));
        }
        return worst * NodeCountFitness.of(nodes.length) * RackCountFitness.ofNodes(ledger, nodes);
    }

    private static int[] indicesOf(Allocation placement, NodeLedger ledger) {
        return placement.byNode().keySet().stream().mapToInt(ledger::indexOf).toArray();
    }

    private static Allocation allocation(int[] nodes, NodeLedger ledger, PlacementRequest request) {
        Map<String, TaskCount> byNode = new TreeMap<>();
        for (int position = 0; position < nodes.length; position++) {
            byNode.put(ledger.node(nodes[position]).id(), PackingPlacement.shareAt(position, nodes.length,
                    request.tasks()));
        }
        return new Allocation(byNode);
    }
}
