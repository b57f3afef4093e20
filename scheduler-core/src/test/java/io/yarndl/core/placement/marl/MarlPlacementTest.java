package io.yarndl.core.placement.marl;

import static io.yarndl.core.testing.Clusters.inRack;
import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.interferenceaware.PredictedInterference;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.PlacementStrategyContract;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MarlPlacementTest extends PlacementStrategyContract {

    MarlPlacementTest() {
        super(new MarlPlacement(new FitnessScorer()));
    }

    @Test
    void keepsABertJobOffTheNodeWhereImagenetRunsWhenAnotherNodeHasRoom() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 8, 8), node("b", 8, 8)));
        holding(ledger, "a", 2, "imagenet");
        holding(ledger, "b", 4, "bert");

        Allocation placed = strategy.place(ledger, bert(2)).orElseThrow();

        assertEquals(Map.of("b", new TaskCount(2, 0)), placed.byNode());
    }

    @Test
    void eachAgentProposesAtMostFourNodesAllFromItsOwnTwoRacks() {
        List<Node> nodes = new ArrayList<>();
        for (int rack = 0; rack < 4; rack++) {
            for (int i = 0; i < 5; i++) {
                nodes.add(inRack("r" + rack + "n" + i, "/rack-" + rack, 8));
            }
        }
        NodeLedger ledger = NodeLedger.of(Clusters.of(nodes.toArray(Node[]::new)));
        List<Integer> candidates = new ArrayList<>();
        List<float[][]> seen = new ArrayList<>();
        MarlPlacement marl = new MarlPlacement(new FitnessScorer(), ChoiceRule.GREEDY, (rows, chosen, teacher) -> {
            candidates.add(rows.length);
            seen.add(rows);
            assertTrue(chosen >= 0 && chosen < rows.length && teacher >= 0 && teacher < rows.length);
        }, PredictedInterference.shipped());

        Allocation placed = marl.place(ledger, bert(12)).orElseThrow();

        assertEquals(12, placed.workers());
        // Two agents (racks 0-1 and 2-3), four proposals each.
        assertEquals(8, candidates.get(0));
        for (float[][] rows : seen) {
            for (float[] row : rows) {
                assertEquals(MarlLayout.FEATURES, row.length);
            }
        }
        Set<String> racks = new HashSet<>();
        placed.byNode().keySet().forEach(id -> racks.add(ledger.node(ledger.indexOf(id)).rack()));
        assertEquals(Set.of("/rack-0"), racks, "12 workers fit two 8-GPU nodes of one rack: " + placed);
    }

    @Test
    void aScorerThatAnswersTheWrongNumberOfScoresFailsLoudly() {
        MarlPlacement broken = new MarlPlacement(rows -> new float[] {1f});
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(3, 8));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> broken.place(ledger, bert(2)));
        assertTrue(e.getMessage().contains("1 scores for"), e.getMessage());
    }

    @Test
    void samplingWithAFixedSeedChoosesTheSameNodesTwice() {
        java.util.SplittableRandom first = new java.util.SplittableRandom(7);
        java.util.SplittableRandom second = new java.util.SplittableRandom(7);
        MarlPlacement a = new MarlPlacement(new FitnessScorer(), ChoiceRule.sampling(first, 0.5), DecisionListener.NONE,
                PredictedInterference.shipped());
        MarlPlacement b = new MarlPlacement(new FitnessScorer(), ChoiceRule.sampling(second, 0.5), DecisionListener.NONE,
                PredictedInterference.shipped());
        assertEquals(a.place(NodeLedger.of(Clusters.uniform(6, 4)), bert(9)),
                b.place(NodeLedger.of(Clusters.uniform(6, 4)), bert(9)));
    }

    private static void holding(NodeLedger ledger, String nodeId, int gpus, String family) {
        ledger.reserve(new Allocation(Map.of(nodeId, new TaskCount(gpus, 0))), Clusters.gpus(1), Resources.ZERO,
                family);
    }

    private static PlacementRequest bert(int workers) {
        return new PlacementRequest("bert-job", new TaskCount(workers, 0), Clusters.gpus(1), Jobs.PS_DEMAND,
                Allocation.NONE).ofFamily("bert");
    }
}
