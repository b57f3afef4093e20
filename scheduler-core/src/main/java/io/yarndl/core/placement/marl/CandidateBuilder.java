package io.yarndl.core.placement.marl;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.NodeTenants.Tenant;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.interferenceaware.NodeCountFitness;
import io.yarndl.core.placement.interferenceaware.PredictedInterference;
import io.yarndl.core.placement.interferenceaware.RackCountFitness;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * Builds one decision's candidates: each agent proposes, from its own domain, up to
 * {@link MarlLayout#CANDIDATES_PER_AGENT} nodes with room for a worker of the job, half ranked by
 * how many of the remaining workers they take (the packing view), half by interference fitness
 * (the neighbours' view), and encodes each as a row ({@link MarlLayout}). Proposing a few nodes per
 * agent keeps a decision's cost in the agents, not in the nodes: the network scores a few rows per
 * agent, however large its racks.
 */
final class CandidateBuilder {

    private final NodeLedger ledger;
    private final AgentDomains domains;
    private final PlacementRequest request;
    private final IntPredicate eligible;
    private final PredictedInterference predictions;

    CandidateBuilder(NodeLedger ledger, AgentDomains domains, PlacementRequest request, IntPredicate eligible,
                     PredictedInterference predictions) {
        this.ledger = ledger;
        this.domains = domains;
        this.request = request;
        this.eligible = eligible;
        this.predictions = predictions;
    }

    /** The candidates for the next share of {@code remaining} workers; none when no node has room for one. */
    Decision next(JobShares shares, int remaining) {
        Resources demand = request.workerDemand();
        double[] rackFree = new double[domains.racks().length];
        double[] rackGpus = new double[rackFree.length];
        int[] rackHolds = new int[rackFree.length];
        for (int r = 0; r < rackFree.length; r++) {
            for (int node : domains.racks()[r]) {
                rackFree[r] += shares.freeOn(ledger, node).gpus();
                rackGpus[r] += ledger.node(node).capacity().gpus();
                rackHolds[r] += shares.holds(node) ? 1 : 0;
            }
        }
        List<int[]> picked = new ArrayList<>();
        List<double[]> measures = new ArrayList<>();
        List<Integer> agentOf = new ArrayList<>();
        double[] agentFitness = new double[domains.agentCount()];
        int[] agentCandidates = new int[domains.agentCount()];
        for (int a = 0; a < domains.agentCount(); a++) {
            Proposals proposals = new Proposals(MarlLayout.CANDIDATES_PER_AGENT / 2);
            for (int rack : domains.agents()[a]) {
                for (int node : domains.racks()[rack]) {
                    if (!eligible.test(node)) {
                        continue;
                    }
                    int fit = demand.isZero() ? remaining : shares.freeOn(ledger, node).copiesOf(demand);
                    if (fit < 1) {
                        continue;
                    }
                    double[] fitness = fitness(node);
                    proposals.offer(node, Math.min(fit, remaining), (fitness[0] + fitness[1]) / 2, fitness);
                }
            }
            for (Proposals.Proposal p : proposals.chosen()) {
                picked.add(new int[] {p.node(), p.takes()});
                measures.add(new double[] {p.measures()[0], p.measures()[1], p.fitness()});
                agentOf.add(a);
                agentFitness[a] += p.fitness();
                agentCandidates[a]++;
            }
        }
        int racksHeld = 0;
        for (int holds : rackHolds) {
            racksHeld += holds > 0 ? 1 : 0;
        }
        int n = picked.size();
        int[] nodes = new int[n];
        int[] takes = new int[n];
        float[][] rows = new float[n][];
        int teacher = 0;
        double bestTeacher = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            int node = picked.get(i)[0];
            nodes[i] = node;
            takes[i] = picked.get(i)[1];
            int rack = domains.rackOfNode()[node];
            int agent = agentOf.get(i);
            rows[i] = row(node, takes[i], remaining, shares, measures.get(i), rackFree[rack] / Math.max(1, rackGpus[rack]),
                    rackHolds[rack], agentFree(agent, rackFree, rackGpus), agentFitness[agent] / agentCandidates[agent]);
            int racksAfter = racksHeld + (rackHolds[rack] > 0 ? 0 : 1);
            double score = teacherScore(measures.get(i)[2], takes[i], remaining, shares, node, racksAfter);
            if (score > bestTeacher) {
                bestTeacher = score;
                teacher = i;
            }
        }
        return new Decision(nodes, takes, rows, teacher);
    }

    private float[] row(int node, int takes, int remaining, JobShares shares, double[] measures, double rackFreeShare,
                        int rackHolds, double agentFreeShare, double agentMeanFitness) {
        Node info = ledger.node(node);
        double gpus = Math.max(1, info.capacity().gpus());
        int othersGpus = 0;
        for (Tenant tenant : ledger.tenants().of(node)) {
            othersGpus += tenant.gpus();
        }
        float[] row = new float[MarlLayout.FEATURES];
        row[0] = (float) (shares.freeOn(ledger, node).gpus() / gpus);
        row[1] = (float) takes / remaining;
        row[2] = shares.holds(node) ? 1 : 0;
        row[3] = request.current().byNode().containsKey(info.id()) ? 1 : 0;
        row[4] = (float) (othersGpus / gpus);
        row[5] = (float) measures[0];
        row[6] = (float) measures[1];
        row[7] = rackHolds > 0 ? 1 : 0;
        row[8] = shares.nodes() == 0 ? 1 : 0;
        row[9] = (float) rackFreeShare;
        row[10] = shares.nodes() == 0 ? 0 : (float) rackHolds / shares.nodes();
        row[11] = (float) agentFreeShare;
        row[12] = (float) agentMeanFitness;
        row[13] = (float) (log2(1 + remaining) / 6);
        row[14] = (float) (log2(1 + request.tasks().workers()) / 6);
        row[15] = predictions.knows(request.modelFamily()) ? 1 : 0;
        return row;
    }

    /**
     * Interference-aware's trade-off one node at a time: the node's fitness times the packing
     * preference for the nodes the job would then span ({@link NodeCountFitness}), counting one more
     * node still to come where this one cannot take every remaining worker, times the rack
     * preference for the racks it would then span ({@link RackCountFitness}).
     */
    static double teacherScore(double fitness, int takes, int remaining, JobShares shares, int node, int racks) {
        int span = shares.nodes() + (shares.holds(node) ? 0 : 1) + (takes < remaining ? 1 : 0);
        return fitness * NodeCountFitness.of(span) * RackCountFitness.of(racks) + 1e-6 * takes;
    }

    /** What the job keeps beside the node's tenants, and what they keep beside it, GPU-weighted. */
    private double[] fitness(int node) {
        Node info = ledger.node(node);
        int gpus = info.capacity().gpus();
        if (gpus <= 0 || !request.usesGpus()) {
            return new double[] {1, 1};
        }
        double ownLoss = 0;
        double harm = 0;
        for (Tenant tenant : ledger.tenants().of(node)) {
            double share = (double) tenant.gpus() / gpus;
            ownLoss += share * (1 - predictions.keeps(request.modelFamily(), tenant.family(), info.acceleratorType()));
            harm += share * (1 - predictions.keeps(tenant.family(), request.modelFamily(), info.acceleratorType()));
        }
        return new double[] {clamp(1 - ownLoss), clamp(1 - harm)};
    }

    private double agentFree(int agent, double[] rackFree, double[] rackGpus) {
        double free = 0;
        double gpus = 0;
        for (int rack : domains.agents()[agent]) {
            free += rackFree[rack];
            gpus += rackGpus[rack];
        }
        return free / Math.max(1, gpus);
    }

    private static double clamp(double value) {
        return Math.min(1, Math.max(0, value));
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }
}
