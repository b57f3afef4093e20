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
import io.yarndl.core.testing.Jobs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PackingPlacementTest {

    private final PackingPlacement packing = new PackingPlacement();

    @Test
    void putsAJobOnOneNodeWhenTheLargestHoldsIt() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("n0", 4), node("n1", 8), node("n2", 2)));

        Allocation placed = packing.place(ledger, request(0, 6)).orElseThrow();

        assertEquals(Map.of("n1", new TaskCount(6, 0)), placed.byNode());
        assertEquals(Clusters.gpus(2), ledger.free(1));
    }

    @Test
    void usesTheFewestNodesWhenNoSingleNodeHoldsTheJob() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(4, 4));

        Allocation placed = packing.place(ledger, request(0, 6)).orElseThrow();

        assertEquals(Map.of("n0", new TaskCount(3, 0), "n1", new TaskCount(3, 0)), placed.byNode());
    }

    @Test
    void balancesServersAndWorkersAcrossTheNodesItUses() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(3, 4));

        Allocation placed = packing.place(ledger, request(2, 6)).orElseThrow();

        assertEquals(Map.of("n0", new TaskCount(3, 1), "n1", new TaskCount(3, 1)), placed.byNode());
    }

    @Test
    void givesExtraWorkersToNodesWithoutAnExtraServer() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(3, 4));

        Allocation placed = packing.place(ledger, request(3, 5)).orElseThrow();

        // 3 servers and 5 workers on two nodes: 2+1 servers, 2+3 workers, four tasks each.
        assertEquals(Map.of("n0", new TaskCount(2, 2), "n1", new TaskCount(3, 1)), placed.byNode());
    }

    @Test
    void prefersNodesWithMoreFreeResourcesOverNodeOrder() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("n0", 8, 2), node("n1", 8, 6), node("n2", 8, 6)));

        Allocation placed = packing.place(ledger, request(0, 3)).orElseThrow();

        assertEquals(Map.of("n1", new TaskCount(3, 0)), placed.byNode());
    }

    @Test
    void looksPastALargerNodeThatCannotHoldTheShare() {
        // n0 is the largest by free resources but has no GPU left; n1 comes after it and holds the job.
        ClusterSnapshot cluster = Clusters.of(
                new Node("n0", "/r", "V100", Resources.of(8, 128, 1_048_576), Resources.of(0, 128, 1_048_576)),
                node("n1", 4));
        NodeLedger ledger = NodeLedger.of(cluster);

        Allocation placed = packing.place(ledger, request(1, 3)).orElseThrow();

        assertEquals(Map.of("n1", new TaskCount(3, 1)), placed.byNode());
    }

    @Test
    void leavesTheLedgerUntouchedWhenNoNodeCountWorks() {
        ClusterSnapshot snapshot = Clusters.of(node("n0", 2), node("n1", 2), node("n2", 2));
        NodeLedger ledger = NodeLedger.of(snapshot);
        // Six GPUs are free in total, but no node holds a 3-GPU worker.
        PlacementRequest wide = new PlacementRequest("j", new TaskCount(1, 0), Clusters.gpus(3), Resources.ZERO,
                Allocation.NONE);

        assertEquals(Optional.empty(), packing.place(ledger, wide));
        assertEquals(Optional.empty(), packing.place(ledger, request(0, 7)));
        for (int i = 0; i < ledger.size(); i++) {
            assertEquals(snapshot.nodes().get(i).available(), ledger.free(i));
        }
        assertEquals(snapshot.totalAvailable(), ledger.totalFree());
    }

    @Test
    void neverExceedsAnyNodesAvailableResourcesAndSharesStayBalanced() {
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot snapshot = Clusters.random(random);
            NodeLedger ledger = NodeLedger.of(snapshot);
            List<Allocation> placements = new ArrayList<>();
            List<PlacementRequest> requests = new ArrayList<>();
            for (int j = 0; j < 15; j++) {
                PlacementRequest request = randomRequest(random, "j" + j);
                packing.place(ledger, request).ifPresent(placed -> {
                    assertBalanced(request.tasks(), placed);
                    placements.add(placed);
                    requests.add(request);
                });
            }
            assertWithinAvailable(snapshot, placements, requests, "seed " + seed);
        }
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

    private static void assertWithinAvailable(ClusterSnapshot snapshot, List<Allocation> placements,
                                              List<PlacementRequest> requests, String context) {
        for (Node node : snapshot.nodes()) {
            Resources used = Resources.ZERO;
            for (int i = 0; i < placements.size(); i++) {
                TaskCount share = placements.get(i).byNode().getOrDefault(node.id(), TaskCount.NONE);
                used = used.plus(requests.get(i).workerDemand().times(share.workers()))
                        .plus(requests.get(i).psDemand().times(share.ps()));
            }
            Resources total = used;
            assertTrue(total.fitsIn(node.available()), () -> context + ": " + node.id() + " used " + total);
        }
    }

    private static PlacementRequest randomRequest(Random random, String id) {
        int ps = random.nextInt(3);
        int workers = 1 + random.nextInt(8);
        Resources worker = Resources.of(random.nextInt(3), 1 + random.nextInt(8), 1_024L * (1 + random.nextInt(32)));
        return new PlacementRequest(id, new TaskCount(workers, ps), worker, Jobs.PS_DEMAND, Allocation.NONE);
    }

    private static PlacementRequest request(int ps, int workers) {
        return new PlacementRequest("j", new TaskCount(workers, ps), Clusters.gpus(1), Jobs.PS_DEMAND,
                Allocation.NONE);
    }
}
