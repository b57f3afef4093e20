package io.yarndl.core.placement;

import static io.yarndl.core.testing.Clusters.gpus;
import static io.yarndl.core.testing.Clusters.node;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.testing.Clusters;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NodeLedgerTest {

    @Test
    void listsNodesWithMostFreeFirstAndTiesInNodeOrder() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 4), node("b", 8), node("c", 4), node("d", 2)));

        assertArrayEquals(new int[] {1, 0, 2, 3}, ledger.mostFree(10));
        assertArrayEquals(new int[] {1, 0}, ledger.mostFree(2));
    }

    @Test
    void keepsTheOrderCurrentAsResourcesAreReservedAndReleased() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 4), node("b", 8), node("c", 4)));
        ledger.mostFree(3);

        ledger.reserve(1, gpus(6));
        assertArrayEquals(new int[] {0, 2, 1}, ledger.mostFree(3));

        ledger.release(new Allocation(Map.of("b", new TaskCount(6, 0))), gpus(1), Resources.ZERO);
        assertArrayEquals(new int[] {1, 0, 2}, ledger.mostFree(3));
    }

    @Test
    void neverSizesADemandAboveTheFreeResourcesItFitsIn() {
        Random random = new Random(3);
        for (int round = 0; round < 200; round++) {
            NodeLedger ledger = NodeLedger.of(Clusters.random(random));
            for (int i = 0; i < ledger.size(); i++) {
                Resources free = ledger.free(i);
                Resources demand = Resources.of(random.nextInt(free.gpus() + 1), random.nextInt(free.vcores() + 1),
                        (long) (random.nextDouble() * free.memoryMb()));
                assertTrue(ledger.sizeOf(demand) <= ledger.freeSize(i), () -> demand + " vs " + free);
            }
        }
    }

    @Test
    void reservesAPlacementOnlyWhenAllOfItFits() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 4), node("b", 2)));
        Allocation tooBig = new Allocation(Map.of("a", new TaskCount(2, 0), "b", new TaskCount(3, 0)));

        assertFalse(ledger.reserveIfFits(tooBig, gpus(1), Resources.ZERO));
        assertEquals(gpus(6), ledger.totalFree());

        assertTrue(ledger.reserveIfFits(new Allocation(Map.of("a", new TaskCount(2, 0))), gpus(1), Resources.ZERO));
        assertEquals(gpus(2), ledger.free(0));
    }

    @Test
    void reservesNoMoreThanTheQueuesRoomThoughItsNodesHaveMore() {
        ClusterSnapshot limited = new ClusterSnapshot(0, List.of(node("a", 4), node("b", 4)), Map.of("root.dl", gpus(5)));
        NodeLedger ledger = NodeLedger.of(limited);

        assertEquals(gpus(5), ledger.totalFree());
        assertFalse(ledger.reserveIfFits(new Allocation(Map.of("a", new TaskCount(4, 0), "b", new TaskCount(2, 0))),
                gpus(1), Resources.ZERO), "6 GPUs fit on the nodes but not in the room of 5");
        assertTrue(ledger.reserveIfFits(new Allocation(Map.of("a", new TaskCount(4, 0))), gpus(1), Resources.ZERO));
        assertFalse(ledger.reserveIfFits(new Allocation(Map.of("b", new TaskCount(2, 0))), gpus(1), Resources.ZERO));
        assertTrue(ledger.reserveIfFits(new Allocation(Map.of("b", new TaskCount(1, 0))), gpus(1), Resources.ZERO));
        assertEquals(Resources.ZERO, ledger.totalFree());
    }

    @Test
    void recordsTheFamilyAndGpusOfEveryJobReservedWithItsFamily() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 8), node("b", 8)));
        Allocation twoNodes = new Allocation(Map.of("a", new TaskCount(3, 1), "b", new TaskCount(1, 0)));

        ledger.reserve(twoNodes, gpus(1), Resources.of(0, 2, 1_024), "bert");
        ledger.reserve(new Allocation(Map.of("a", new TaskCount(2, 0))), gpus(1), Resources.ZERO, "imagenet");
        ledger.reserve(new Allocation(Map.of("a", new TaskCount(1, 0))), gpus(1), Resources.ZERO, "bert");

        assertEquals(List.of(new NodeTenants.Tenant("bert", 4), new NodeTenants.Tenant("imagenet", 2)),
                ledger.tenants().of(0), "a family's GPUs summed; servers without GPUs hold none");
        assertEquals(List.of(new NodeTenants.Tenant("bert", 1)), ledger.tenants().of(1));
    }

    @Test
    void forgetsATenantWhenItsPlacementIsReleasedAndRecordsNoneWithoutAFamily() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 8)));
        Allocation placement = new Allocation(Map.of("a", new TaskCount(2, 0)));

        ledger.reserve(placement, gpus(1), Resources.ZERO, "bert");
        ledger.release(placement, gpus(1), Resources.ZERO, "bert");
        ledger.reserve(placement, gpus(1), Resources.ZERO);

        assertEquals(List.of(), ledger.tenants().of(0));
        assertEquals(gpus(6), ledger.free(0));
    }

    @Test
    void recordsATenantOnlyWhenTheWholePlacementFits() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 2)));

        assertFalse(ledger.reserveIfFits(new Allocation(Map.of("a", new TaskCount(3, 0))), gpus(1), Resources.ZERO,
                "bert"));

        assertEquals(List.of(), ledger.tenants().of(0));
    }
}
