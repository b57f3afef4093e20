package io.yarndl.core.placement.spread;

import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.PlacementStrategyContract;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpreadPlacementTest extends PlacementStrategyContract {

    private static final TaskCount WORKER = new TaskCount(1, 0);
    private static final TaskCount SERVER = new TaskCount(0, 1);

    SpreadPlacementTest() {
        super(new SpreadPlacement());
    }

    @Test
    void putsFourOneGpuWorkersOnFourIdleNodes() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(4, 4));

        Allocation placed = strategy.place(ledger, workers(4)).orElseThrow();

        assertEquals(Map.of("n0", WORKER, "n1", WORKER, "n2", WORKER, "n3", WORKER), placed.byNode());
    }

    @Test
    void givesServersNodesOfTheirOwnWhileThereAreNodesEnough() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(4, 4));

        Allocation placed = strategy.place(ledger, withServers(1, 3)).orElseThrow();

        assertEquals(Map.of("n0", WORKER, "n1", WORKER, "n2", WORKER, "n3", SERVER), placed.byNode());
    }

    @Test
    void wrapsRoundToTheFirstNodesOnlyWhenTasksOutnumberNodes() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(3, 4));

        Allocation placed = strategy.place(ledger, withServers(1, 4)).orElseThrow();

        assertEquals(Map.of("n0", new TaskCount(2, 0), "n1", new TaskCount(1, 1), "n2", WORKER), placed.byNode());
    }

    @Test
    void takesTheNodesWithTheMostFreeFirst() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("n0", 8, 2), node("n1", 8, 6), node("n2", 8, 4)));

        Allocation placed = strategy.place(ledger, workers(2)).orElseThrow();

        assertEquals(Map.of("n1", WORKER, "n2", WORKER), placed.byNode());
    }

    @Test
    void passesOverANodeWithoutRoomForAWorkerButGivesItAServer() {
        // n0 comes first by free size but has no GPU left: the workers go on, the server comes back to it.
        NodeLedger ledger = NodeLedger.of(Clusters.of(
                new Node("n0", "/r", "V100", Resources.of(8, 128, 1_048_576), Resources.of(0, 128, 1_048_576)),
                node("n1", 4, 4), node("n2", 4, 4)));

        Allocation placed = strategy.place(ledger, withServers(1, 2)).orElseThrow();

        assertEquals(Map.of("n0", SERVER, "n1", WORKER, "n2", WORKER), placed.byNode());
    }
}
