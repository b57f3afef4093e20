package io.yarndl.core.placement.packing;

import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.PlacementStrategyContract;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PackingPlacementTest extends PlacementStrategyContract {

    PackingPlacementTest() {
        super(new PackingPlacement());
    }

    @Test
    void putsAJobOnOneNodeWhenTheLargestHoldsIt() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("n0", 4), node("n1", 8), node("n2", 2)));

        Allocation placed = strategy.place(ledger, withServers(0, 6)).orElseThrow();

        assertEquals(Map.of("n1", new TaskCount(6, 0)), placed.byNode());
        assertEquals(Clusters.gpus(2), ledger.free(1));
    }

    @Test
    void usesTheFewestNodesWhenNoSingleNodeHoldsTheJob() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(4, 4));

        Allocation placed = strategy.place(ledger, withServers(0, 6)).orElseThrow();

        assertEquals(Map.of("n0", new TaskCount(3, 0), "n1", new TaskCount(3, 0)), placed.byNode());
    }

    @Test
    void balancesServersAndWorkersAcrossTheNodesItUses() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(3, 4));

        Allocation placed = strategy.place(ledger, withServers(2, 6)).orElseThrow();

        assertEquals(Map.of("n0", new TaskCount(3, 1), "n1", new TaskCount(3, 1)), placed.byNode());
    }

    @Test
    void givesExtraWorkersToNodesWithoutAnExtraServer() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(3, 4));

        Allocation placed = strategy.place(ledger, withServers(3, 5)).orElseThrow();

        // 3 servers and 5 workers on two nodes: 2+1 servers, 2+3 workers, four tasks each.
        assertEquals(Map.of("n0", new TaskCount(2, 2), "n1", new TaskCount(3, 1)), placed.byNode());
    }

    @Test
    void prefersNodesWithMoreFreeResourcesOverNodeOrder() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("n0", 8, 2), node("n1", 8, 6), node("n2", 8, 6)));

        Allocation placed = strategy.place(ledger, withServers(0, 3)).orElseThrow();

        assertEquals(Map.of("n1", new TaskCount(3, 0)), placed.byNode());
    }

    @Test
    void looksPastALargerNodeThatCannotHoldTheShare() {
        // n0 is the largest by free resources but has no GPU left; n1 comes after it and holds the job.
        ClusterSnapshot cluster = Clusters.of(
                new Node("n0", "/r", "V100", Resources.of(8, 128, 1_048_576), Resources.of(0, 128, 1_048_576)),
                node("n1", 4));
        NodeLedger ledger = NodeLedger.of(cluster);

        Allocation placed = strategy.place(ledger, withServers(1, 3)).orElseThrow();

        assertEquals(Map.of("n1", new TaskCount(3, 1)), placed.byNode());
    }

    /** Packing's own rule: every node's share of servers and of workers is the floor or ceiling of an even split. */
    @Override
    protected void checkPlacement(PlacementRequest request, Allocation placed) {
        assertBalanced(request.tasks(), placed);
    }

    private static void assertBalanced(TaskCount tasks, Allocation placed) {
        int k = placed.nodeCount();
        assertEquals(tasks, new TaskCount(placed.workers(), placed.ps()));
        int minTasks = Integer.MAX_VALUE;
        int maxTasks = 0;
        for (TaskCount share : placed.byNode().values()) {
            assertTrue(share.ps() == tasks.ps() / k || share.ps() == (tasks.ps() + k - 1) / k, placed::toString);
            assertTrue(share.workers() == tasks.workers() / k
                    || share.workers() == (tasks.workers() + k - 1) / k, placed::toString);
            minTasks = Math.min(minTasks, share.tasks());
            maxTasks = Math.max(maxTasks, share.tasks());
        }
        assertTrue(maxTasks - minTasks <= 1, placed::toString);
    }
}
