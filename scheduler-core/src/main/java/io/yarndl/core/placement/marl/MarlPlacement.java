package io.yarndl.core.placement.marl;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.RestrictedPlacement;
import io.yarndl.core.placement.interferenceaware.PredictedInterference;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * The multi-agent placement of Zhao, Wu et al. (TNSM'22, arXiv 2112.13354), in the simpler
 * hierarchical form docs/placement.md describes: the cluster's racks are split among agents
 * ({@link AgentDomains}, {@link MarlLayout#RACKS_PER_AGENT} racks each); to place a job, every agent
 * proposes a few nodes of its own domain ({@link CandidateBuilder}), each encoded with what the
 * agent sees of it (the node, its rack, the agent's domain, the job), and one network with weights
 * shared by all agents scores every proposal ({@link CandidateScorer}); the best (or, in training,
 * a sample: {@link ChoiceRule}) takes as many of the job's remaining workers as fit there. That
 * repeats until every worker has a node. The agents cooperate through one shared reward in
 * training and one joint choice among their bids.
 *
 * <p>Parameter servers, which hold no GPU in yarn-dl's jobs, follow the workers: on the job's nodes
 * first, then wherever most is free; they are not the agents' decision. All-or-nothing, as every
 * placement: when a worker or server finds no node, nothing is reserved. The job's shares are
 * reserved with its model family, so the next job's agents see it as a neighbour.
 */
public final class MarlPlacement implements RestrictedPlacement {

    public static final String NAME = "marl";

    private final CandidateScorer scorer;
    private final ChoiceRule choice;
    private final DecisionListener listener;
    private final PredictedInterference predictions;
    private NodeLedger domainsOf;
    private AgentDomains domains;

    /**
     * @param scorer      scores every decision's candidates
     * @param choice      picks a candidate from the scores
     * @param listener    told every decision (training records them)
     * @param predictions the job-interference model's predictions the rows carry
     */
    public MarlPlacement(CandidateScorer scorer, ChoiceRule choice, DecisionListener listener,
                         PredictedInterference predictions) {
        this.scorer = Objects.requireNonNull(scorer, "scorer");
        this.choice = Objects.requireNonNull(choice, "choice");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.predictions = Objects.requireNonNull(predictions, "predictions");
    }

    /** Serving: the best-scoring candidate each time, nothing recorded. */
    public MarlPlacement(CandidateScorer scorer) {
        this(scorer, ChoiceRule.GREEDY, DecisionListener.NONE, PredictedInterference.shipped());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<Allocation> placeOn(NodeLedger ledger, PlacementRequest request, IntPredicate eligible) {
        CandidateBuilder builder = new CandidateBuilder(ledger, domainsOf(ledger), request, eligible, predictions);
        JobShares shares = new JobShares(request.workerDemand(), request.psDemand());
        int remaining = request.tasks().workers();
        while (remaining > 0) {
            Decision decision = builder.next(shares, remaining);
            if (decision.size() == 0) {
                return Optional.empty();
            }
            int chosen = choose(decision);
            shares.addWorkers(decision.nodes()[chosen], decision.takes()[chosen]);
            remaining -= decision.takes()[chosen];
        }
        if (!ServerPlacement.place(ledger, request, eligible, shares)) {
            return Optional.empty();
        }
        Allocation allocation = shares.toAllocation(ledger);
        if (!ledger.reserveIfFits(allocation, request.workerDemand(), request.psDemand(), request.modelFamily())) {
            return Optional.empty();
        }
        return Optional.of(allocation);
    }

    private int choose(Decision decision) {
        float[] scores = scorer.scores(decision.rows());
        if (scores.length != decision.size()) {
            throw new IllegalStateException("the scorer gave " + scores.length + " scores for " + decision.size()
                    + " candidates");
        }
        int chosen = choice.choose(scores);
        listener.decided(decision.rows(), chosen, decision.teacher());
        return chosen;
    }

    /** The agents' domains of this ledger's nodes, built once per ledger (a ledger lives one round). */
    private AgentDomains domainsOf(NodeLedger ledger) {
        if (ledger != domainsOf) {
            domains = AgentDomains.of(ledger, MarlLayout.RACKS_PER_AGENT);
            domainsOf = ledger;
        }
        return domains;
    }
}
