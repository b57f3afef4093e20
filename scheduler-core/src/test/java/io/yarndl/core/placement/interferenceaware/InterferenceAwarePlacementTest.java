package io.yarndl.core.placement.interferenceaware;

import static io.yarndl.core.testing.Clusters.inRack;
import static io.yarndl.core.testing.Clusters.node;
import static io.yarndl.core.testing.Clusters.typed;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.NodeTenants.Tenant;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.interference.MeasuredInterference;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.PlacementStrategyContract;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class InterferenceAwarePlacementTest extends PlacementStrategyContract {

    private static final List<String> FAMILIES = List.of("bert", "imagenet", "cifar10", "ncf", "deepspeech2",
            "yolov3", "gpt_pmp", "my-own-model", JobSpec.UNKNOWN_FAMILY);

    InterferenceAwarePlacementTest() {
        super(new InterferenceAwarePlacement());
    }

    /** The premise of the neighbour tests, in Gavel's own measurements and in the model that stands for them. */
    @BeforeAll
    static void bertSuffersBesideImagenetAndLittleBesideBert() {
        MeasuredInterference measured = MeasuredInterference.shipped();
        assertTrue(measured.keeps("bert", "imagenet", "V100").getAsDouble() < 0.3);
        assertTrue(measured.keeps("bert", "bert", "V100").getAsDouble() > 0.8);
        PredictedInterference model = PredictedInterference.shipped();
        assertTrue(model.keeps("bert", "imagenet", "V100") < 0.3);
        assertTrue(model.keeps("bert", "bert", "V100") > 0.7);
    }

    @Test
    void keepsAJobOffANodeWhereItSuffersWhenANodeWithABenignNeighbourHasRoom() {
        // a is the most free, so packing takes it, beside an imagenet job; b holds another bert job.
        NodeLedger ledger = ledgerWith(Map.of("a", "imagenet", "b", "bert"), Map.of("a", 2, "b", 4));
        NodeLedger packed = ledgerWith(Map.of("a", "imagenet", "b", "bert"), Map.of("a", 2, "b", 4));

        Allocation placed = strategy.place(ledger, bert(2)).orElseThrow();

        assertEquals(Map.of("b", new TaskCount(2, 0)), placed.byNode());
        assertEquals(Map.of("a", new TaskCount(2, 0)),
                new PackingPlacement().place(packed, bert(2)).orElseThrow().byNode());
    }

    @Test
    void spreadsAJobOverQuietNodesRatherThanSitBesideAHeavyBadNeighbour() {
        // Only a holds both workers, beside six GPUs of imagenet; b and c have one GPU free each, no known tenant.
        ClusterSnapshot snapshot = Clusters.of(node("a", 8, 8), node("b", 8, 1), node("c", 8, 1));
        NodeLedger ledger = NodeLedger.of(snapshot);
        holding(ledger, "a", 6, "imagenet");

        Allocation placed = strategy.place(ledger, bert(2)).orElseThrow();

        assertEquals(Map.of("b", new TaskCount(1, 0), "c", new TaskCount(1, 0)), placed.byNode());
    }

    @Test
    void staysOnOneNodeBesideAMildNeighbourRatherThanSpread() {
        // Beside one GPU of another bert job, a is still better than paying for traffic between b and c.
        ClusterSnapshot snapshot = Clusters.of(node("a", 8, 8), node("b", 8, 1), node("c", 8, 1));
        NodeLedger ledger = NodeLedger.of(snapshot);
        holding(ledger, "a", 1, "bert");

        Allocation placed = strategy.place(ledger, bert(2)).orElseThrow();

        assertEquals(Map.of("a", new TaskCount(2, 0)), placed.byNode());
    }

    @Test
    void keepsAJobInOneRackWhenANodeOfAnotherRackIsOnlyMarginallyBetter() {
        // a1 and a2 each hold one GPU of another bert job; b1, in another rack, has one clean GPU free.
        NodeLedger ledger = NodeLedger.of(Clusters.of(withFree(inRack("a1", "/rack-a", 8), 2),
                withFree(inRack("a2", "/rack-a", 8), 2), withFree(inRack("b1", "/rack-b", 8), 1)));
        holding(ledger, "a1", 1, "bert");
        holding(ledger, "a2", 1, "bert");
        InterferenceFitness fitness = new InterferenceFitness("bert", PredictedInterference.shipped());
        double inRack = fitness.of(ledger, ledger.indexOf("a1"));
        assertTrue(inRack > 0.9 && inRack < 1, "a1 is only marginally worse than b1: " + inRack);

        Allocation placed = strategy.place(ledger, bert(2)).orElseThrow();

        assertEquals(Map.of("a1", new TaskCount(1, 0), "a2", new TaskCount(1, 0)), placed.byNode());
    }

    @Test
    void leavesTheRackWhenItsOnlyRoomSitsBesideABadNeighbourAndTheCrossRackRoomIsClean() {
        // a1 holds both workers beside six GPUs of imagenet, a2 one clean GPU; b1 in another rack one clean GPU.
        NodeLedger ledger = NodeLedger.of(Clusters.of(inRack("a1", "/rack-a", 8), withFree(inRack("a2", "/rack-a", 8), 1),
                withFree(inRack("b1", "/rack-b", 8), 1)));
        holding(ledger, "a1", 6, "imagenet");

        Allocation placed = strategy.place(ledger, bert(2)).orElseThrow();

        assertEquals(Map.of("a2", new TaskCount(1, 0), "b1", new TaskCount(1, 0)), placed.byNode());
    }

    @Test
    void putsAJobOnTheTypeItNamesEvenBesideABadNeighbour() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(typed("v0", "V100", 8), typed("k0", "K80", 8)));
        holding(ledger, "v0", 2, "imagenet");

        Allocation placed = strategy.place(ledger, bert(2).onGpuType("V100")).orElseThrow();

        assertEquals(Map.of("v0", new TaskCount(2, 0)), placed.byNode());
    }

    @Test
    void placesAJobWhoseFamilyHasNoStandInWhereItsNeighboursHoldLeast() {
        // Unknown pairs read the mean measured slowdown: a's neighbour holds 2 GPUs, b's 4.
        NodeLedger ledger = ledgerWith(Map.of("a", "imagenet", "b", "my-own-model"), Map.of("a", 2, "b", 4));

        Allocation placed = strategy.place(ledger, bert(3).ofFamily("my-own-model")).orElseThrow();

        assertEquals(Map.of("a", new TaskCount(3, 0)), placed.byNode());
        assertEquals(List.of(new Tenant("imagenet", 2), new Tenant("my-own-model", 3)),
                ledger.tenants().of(ledger.indexOf("a")));
    }

    @Test
    void growsAJobOnTheNodeItRunsOnWhenNoOtherIsBetter() {
        // n0 is the more free, so packing would move the job there; both are empty of known tenants.
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("n0", 8, 8), node("n1", 8, 6)));
        Allocation current = new Allocation(Map.of("n1", new TaskCount(2, 0)));

        Allocation placed = strategy.place(ledger, bertOn(current, 3)).orElseThrow();

        assertEquals(Map.of("n1", new TaskCount(3, 0)), placed.byNode());
    }

    @Test
    void keepsAJobWhereItRunsAndRecordsItAsATenant() {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("n0", 8, 8), node("n1", 8, 6)));
        Allocation current = new Allocation(Map.of("n1", new TaskCount(2, 0)));

        Allocation placed = strategy.place(ledger, bertOn(current, 2)).orElseThrow();

        assertEquals(current, placed);
        assertEquals(List.of(new Tenant("bert", 2)), ledger.tenants().of(ledger.indexOf("n1")));
        assertEquals(List.of(), ledger.tenants().of(ledger.indexOf("n0")));
    }

    @Test
    void placesManyJobsExactlyAsAskedWithoutOverCommittingAnyNode() {
        for (int seed = 0; seed < 50; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot snapshot = Clusters.random(random, "V100", "K80");
            NodeLedger ledger = NodeLedger.of(snapshot);
            Resources total = Resources.ZERO;
            int placedJobs = 0;
            for (int j = 0; j < 40; j++) {
                PlacementRequest request = new PlacementRequest("j" + j,
                        new TaskCount(1 + random.nextInt(6), random.nextInt(3)), Clusters.gpus(1), Jobs.PS_DEMAND,
                        Allocation.NONE).ofFamily(FAMILIES.get(random.nextInt(FAMILIES.size())));
                Optional<Allocation> placed = strategy.place(ledger, request);
                if (placed.isPresent()) {
                    assertEquals(request.tasks(), placed.get().tasks(), "seed " + seed + ", " + request.jobId());
                    total = total.plus(request.totalDemand());
                    placedJobs++;
                }
            }
            assertTrue(placedJobs > 0, "seed " + seed + " placed nothing");
            Resources free = Resources.ZERO;
            for (int i = 0; i < ledger.size(); i++) {
                assertEquals(ledger.free(i), ledger.free(i).atLeastZero(), "seed " + seed + ": node " + i);
                free = free.plus(ledger.free(i));
            }
            assertEquals(snapshot.totalAvailable().minus(total), free, "seed " + seed + ": charged exactly");
        }
    }

    @Test
    void leavesTheLedgerAndItsTenantsAsTheyWereWhenTheJobDoesNotFit() {
        NodeLedger ledger = ledgerWith(Map.of("a", "imagenet", "b", "bert"), Map.of("a", 2, "b", 4));
        Resources[] before = {ledger.free(0), ledger.free(1), ledger.free(2)};

        assertEquals(Optional.empty(), strategy.place(ledger, bert(17)));

        assertArrayEquals(before, new Resources[] {ledger.free(0), ledger.free(1), ledger.free(2)});
        assertEquals(List.of(new Tenant("imagenet", 2)), ledger.tenants().of(ledger.indexOf("a")));
        assertEquals(List.of(new Tenant("bert", 4)), ledger.tenants().of(ledger.indexOf("b")));
        assertEquals(List.of(), ledger.tenants().of(ledger.indexOf("c")));
    }

    /** Three 8-GPU V100 nodes a, b, c, with {@code families} holding {@code gpus} on some. */
    private static NodeLedger ledgerWith(Map<String, String> families, Map<String, Integer> gpus) {
        NodeLedger ledger = NodeLedger.of(Clusters.of(node("a", 8, 8), node("b", 8, 8), node("c", 8, 0)));
        families.forEach((id, family) -> holding(ledger, id, gpus.get(id), family));
        return ledger;
    }

    /** {@code node} with only {@code gpus} of its GPUs (and their share of vcores and memory) free. */
    private static Node withFree(Node node, int gpus) {
        return new Node(node.id(), node.rack(), node.acceleratorType(), node.capacity(), Clusters.gpus(gpus));
    }

    private static void holding(NodeLedger ledger, String nodeId, int gpus, String family) {
        ledger.reserve(new Allocation(Map.of(nodeId, new TaskCount(gpus, 0))), Clusters.gpus(1), Resources.ZERO,
                family);
    }

    /** A BERT job of {@code workers} 1-GPU workers that runs on {@code current} now. */
    private static PlacementRequest bertOn(Allocation current, int workers) {
        return new PlacementRequest("bert-job", new TaskCount(workers, 0), Clusters.gpus(1), Jobs.PS_DEMAND, current)
                .ofFamily("bert");
    }

    /** {@code workers} 1-GPU workers of a BERT job, no servers. */
    private static PlacementRequest bert(int workers) {
        return new PlacementRequest("bert-job", new TaskCount(workers, 0), Clusters.gpus(1), Jobs.PS_DEMAND,
                Allocation.NONE).ofFamily("bert");
    }
}
