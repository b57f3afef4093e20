package io.yarndl.core.placement.packing;

import static io.yarndl.core.testing.Clusters.typed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which GPU type packing picks on a cluster of several; that it never splits a job over two is in
 * {@link io.yarndl.core.testing.PlacementStrategyContract}, which {@link PackingPlacementTest} runs.
 */
class OneGpuTypePlacementTest {

    private static final ClusterSnapshot MIXED = Clusters.of(typed("v0", "V100", 2), typed("k0", "K80", 2),
            typed("k1", "K80", 2));

    private final PackingPlacement packing = new PackingPlacement();

    private static PlacementRequest workers(int count) {
        return PlacementRequest.of(Jobs.job("j").workerRange(1, 8).workers(count).spec(), count, 0, Allocation.NONE);
    }

    @Test
    void packsAJobThatNamesNoTypeOnTheTypeWithTheMostFreeGpus() {
        Allocation placed = packing.place(NodeLedger.of(MIXED), workers(3)).orElseThrow();
        assertEquals(Map.of("k0", 2, "k1", 1), Map.of("k0", placed.byNode().get("k0").workers(),
                "k1", placed.byNode().get("k1").workers()));
    }

    @Test
    void keepsAJobOnTheTypeItRunsOnWhenThatTypeHasRoom() {
        PlacementRequest request = PlacementRequest.of(Jobs.job("j").workerRange(1, 8).workers(2).spec(), 2, 0,
                new Allocation(Map.of("v0", new TaskCount(1, 0))));
        Allocation placed = packing.place(NodeLedger.of(MIXED), request).orElseThrow();
        assertTrue(placed.byNode().containsKey("v0"), "moved off V100: " + placed.byNode());
    }

    @Test
    void countsFreeGpusPerTypeAsTasksAreReserved() {
        NodeLedger ledger = NodeLedger.of(MIXED);
        packing.place(ledger, workers(3));
        assertEquals(1, ledger.freeGpus("K80"));
        assertEquals(2, ledger.freeGpus("V100"));
    }
}
