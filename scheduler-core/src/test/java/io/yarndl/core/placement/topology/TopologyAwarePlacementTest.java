package io.yarndl.core.placement.topology;

import static io.yarndl.core.testing.Clusters.inRack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.PlacementStrategyContract;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TopologyAwarePlacementTest extends PlacementStrategyContract {

    TopologyAwarePlacementTest() {
        super(new TopologyAwarePlacement());
    }

    @Test
    void keepsAJobInOneRackWherePackingWouldCrossTwo() {
        // Packing takes b0, the largest node, and one of r1's: two racks. r1 alone holds the job.
        ClusterSnapshot cluster = Clusters.of(partlyFree("b0", "/r0", 8, 5),
                inRack("a0", "/r1", 4), inRack("a1", "/r1", 4));

        Allocation placed = strategy.place(NodeLedger.of(cluster), workers(8)).orElseThrow();

        assertEquals(Map.of("a0", new TaskCount(4, 0), "a1", new TaskCount(4, 0)), placed.byNode());
        assertEquals(2, racksOf(cluster, new PackingPlacement().place(NodeLedger.of(cluster), workers(8))
                .orElseThrow()).size());
    }

    @Test
    void keepsAJobInOneRackEvenWhenARackRankedBeforeItHasMoreGpusScattered() {
        // r0 has 9 GPUs free to r1's 8, so it ranks first, but on nodes too small for even shares of 8.
        ClusterSnapshot cluster = scatteredRackBeforeTwoFours(1);

        Allocation placed = strategy.place(NodeLedger.of(cluster), workers(8)).orElseThrow();

        assertEquals(Set.of("/r1"), racksOf(cluster, placed));
    }

    @Test
    void choosesTheRackWhereTheJobTakesTheFewestNodes() {
        // Both racks hold 8 workers; r0 ranks first but would need four nodes, r1 needs two.
        ClusterSnapshot cluster = scatteredRackBeforeTwoFours(2);

        Allocation placed = strategy.place(NodeLedger.of(cluster), workers(8)).orElseThrow();

        assertEquals(Map.of("a0", new TaskCount(4, 0), "a1", new TaskCount(4, 0)), placed.byNode());
    }

    @Test
    void usesExactlyTwoRacksWherePackingWouldUseThree() {
        // No rack holds 15 workers; r2 (10 free) and r0 (5) together do. Packing takes the three 5s.
        ClusterSnapshot cluster = Clusters.of(inRack("a0", "/r0", 5), inRack("b0", "/r1", 5),
                inRack("c0", "/r2", 5), inRack("c1", "/r2", 5));

        Allocation placed = strategy.place(NodeLedger.of(cluster), workers(15)).orElseThrow();

        assertEquals(Set.of("/r0", "/r2"), racksOf(cluster, placed));
        assertEquals(3, racksOf(cluster, new PackingPlacement().place(NodeLedger.of(cluster), workers(15))
                .orElseThrow()).size());
    }

    @Test
    void keepsAJobThatNeedsTwoRacksWithinOnePodWhereThePodHasThem() {
        // By racks alone a1 (8) and b1 (7) come first, across pods; pod b (13 free) holds 13 on its own.
        ClusterSnapshot cluster = Clusters.of(inRack("a1", "/pod-a/r1", 8), inRack("a2", "/pod-a/r2", 2),
                inRack("b1", "/pod-b/r1", 7), inRack("b2", "/pod-b/r2", 6));

        Allocation placed = strategy.place(NodeLedger.of(cluster), workers(13)).orElseThrow();

        assertEquals(Set.of("/pod-b/r1", "/pod-b/r2"), racksOf(cluster, placed));
    }

    @Test
    void putsServersOnNodesThatHoldTheJobsWorkers() {
        ClusterSnapshot cluster = Clusters.of(inRack("a0", "/r0", 4), inRack("a1", "/r0", 4),
                inRack("b0", "/r1", 4), inRack("b1", "/r1", 4), inRack("b2", "/r1", 4));

        Allocation placed = strategy.place(NodeLedger.of(cluster), withServers(3, 6)).orElseThrow();

        assertEquals(Set.of("/r1"), racksOf(cluster, placed));
        placed.byNode().values().forEach(share -> assertTrue(share.ps() == 0 || share.workers() > 0,
                placed::toString));
    }

    @Test
    void ranksRacksByTheFreeGpusOfTheJobsTypeOnly() {
        // Counting every GPU, r0 would rank first and win the tie on node count; of K80s, r1 has more.
        ClusterSnapshot cluster = Clusters.of(inRack("v0", "/r0", "V100", 8), inRack("k0", "/r0", "K80", 2),
                inRack("k1", "/r1", "K80", 2), inRack("k2", "/r1", "K80", 2));

        Allocation placed = strategy.place(NodeLedger.of(cluster), workers(2).onGpuType("K80")).orElseThrow();

        assertEquals(Map.of("k1", new TaskCount(2, 0)), placed.byNode());
    }

    @Test
    void placesEveryJobPackingPlaces() {
        PackingPlacement packing = new PackingPlacement();
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot snapshot = Clusters.random(random);
            PlacementRequest request = randomRequest(random, "j");
            assertEquals(packing.place(NodeLedger.of(snapshot), request).isPresent(),
                    strategy.place(NodeLedger.of(snapshot), request).isPresent(), "seed " + seed);
        }
    }

    /**
     * Rack r0: b0 with 5 of 8 GPUs free and four idle nodes of {@code smallGpus} GPUs; rack r1: two
     * idle nodes of 4 GPUs.
     */
    private static ClusterSnapshot scatteredRackBeforeTwoFours(int smallGpus) {
        return Clusters.of(partlyFree("b0", "/r0", 8, 5), inRack("s0", "/r0", smallGpus),
                inRack("s1", "/r0", smallGpus), inRack("s2", "/r0", smallGpus), inRack("s3", "/r0", smallGpus),
                inRack("a0", "/r1", 4), inRack("a1", "/r1", 4));
    }

    private static Node partlyFree(String id, String rack, int capacityGpus, int freeGpus) {
        return new Node(id, rack, "V100", Clusters.gpus(capacityGpus), Clusters.gpus(freeGpus));
    }

    private static Set<String> racksOf(ClusterSnapshot cluster, Allocation placed) {
        Map<String, Node> nodes = cluster.nodesById();
        return placed.byNode().keySet().stream().map(id -> nodes.get(id).rack()).collect(Collectors.toSet());
    }
}
