package io.yarndl.core.testing;

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
import io.yarndl.core.placement.PlacementRequest;
import io.yarndl.core.placement.PlacementStrategy;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PlacementStrategy} promises, whatever its rule: it never gives a node more than
 * the node has free, it places a job whole or not at all (charging the ledger exactly for what it
 * placed, or leaving it as it was), and it never splits a job's GPU tasks over two GPU types. A
 * strategy's test class extends this one, names the strategy, and adds tests of its own rule.
 */
public abstract class PlacementStrategyContract {

    /** Families with a stand-in, a Gavel job type, one with none and none declared. */
    private static final List<String> FAMILIES = List.of("bert", "imagenet", "cifar10", "ncf",
            "ResNet-18 (batch size 32)", "my-own-model", JobSpec.UNKNOWN_FAMILY);

    private static final ClusterSnapshot MIXED = Clusters.of(typed("v0", "V100", 2), typed("k0", "K80", 2),
            typed("k1", "K80", 2));

    /** The strategy under test. */
    protected final PlacementStrategy strategy;

    protected PlacementStrategyContract(PlacementStrategy strategy) {
        this.strategy = strategy;
    }

    /** Checks of the strategy's own rule on each placement of the random test; none by default. */
    protected void checkPlacement(PlacementRequest request, Allocation placed) {
    }

    @Test
    void placesAJobOfNoTasksNowhere() {
        NodeLedger ledger = NodeLedger.of(Clusters.uniform(2, 4));

        assertEquals(Optional.of(Allocation.NONE), strategy.place(ledger, workers(0)));
        assertEquals(Clusters.gpus(8), ledger.totalFree());
    }

    @Test
    void neverOverCommitsANodeAndChargesTheLedgerOnlyForWhatItPlaced() {
        for (int seed = 0; seed < 300; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot snapshot = Clusters.random(random);
            NodeLedger ledger = NodeLedger.of(snapshot);
            for (int j = 0; j < 15; j++) {
                PlacementRequest request = randomRequest(random, "j" + j);
                Resources[] before = freeOf(ledger);
                Optional<Allocation> placed = strategy.place(ledger, request);
                String context = "seed " + seed + ", " + request.jobId() + ": " + placed;
                Resources[] expected = before.clone();
                placed.ifPresent(allocation -> {
                    assertEquals(request.tasks(), allocation.tasks(), context);
                    allocation.byNode().forEach((id, share) -> {
                        int index = ledger.indexOf(id);
                        expected[index] = expected[index].minus(demandOf(share, request));
                    });
                    checkPlacement(request, allocation);
                });
                assertArrayEquals(expected, freeOf(ledger), context);
            }
            for (int i = 0; i < ledger.size(); i++) {
                Resources free = ledger.free(i);
                assertTrue(free.equals(free.atLeastZero()), "seed " + seed + ": node " + i + " over-committed");
            }
        }
    }

    @Test
    void leavesTheLedgerUntouchedWhenTheJobDoesNotFit() {
        ClusterSnapshot snapshot = Clusters.of(node("n0", 2), node("n1", 2), node("n2", 2));
        NodeLedger ledger = NodeLedger.of(snapshot);
        // Six GPUs are free in all, but no node holds a 3-GPU worker, seven 1-GPU workers are too
        // many, and six leave no vcores for servers.
        PlacementRequest wide = new PlacementRequest("j", new TaskCount(1, 0), Clusters.gpus(3), Resources.ZERO,
                Allocation.NONE);

        assertEquals(Optional.empty(), strategy.place(ledger, wide));
        assertEquals(Optional.empty(), strategy.place(ledger, workers(7)));
        assertEquals(Optional.empty(), strategy.place(ledger, withServers(4, 6)));
        for (int i = 0; i < ledger.size(); i++) {
            assertEquals(snapshot.nodes().get(i).available(), ledger.free(i));
        }
        assertEquals(snapshot.totalAvailable(), ledger.totalFree());
    }

    @Test
    void leavesAJobWaitingRatherThanSplittingItOverTwoTypes() {
        // 5 GPUs are free in all, but no one type has 5.
        assertEquals(Optional.empty(), strategy.place(NodeLedger.of(MIXED), workers(5)));
    }

    @Test
    void putsAJobOnTheTypeItNames() {
        Allocation placed = strategy.place(NodeLedger.of(MIXED), workers(2).onGpuType("V100")).orElseThrow();
        assertEquals(Set.of("v0"), placed.byNode().keySet());
    }

    @Test
    void neverSplitsAJobsGpuTasksOverTwoTypes() {
        for (int seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            ClusterSnapshot snapshot = Clusters.random(random, "V100", "K80", "A100");
            NodeLedger ledger = NodeLedger.of(snapshot);
            Map<String, Node> nodes = snapshot.nodesById();
            for (int j = 0; j < 10; j++) {
                PlacementRequest request = randomRequest(random, "j" + j);
                if (random.nextBoolean()) {
                    request = request.onGpuType(random.nextBoolean() ? "V100" : "K80");
                }
                PlacementRequest asked = request;
                strategy.place(ledger, request).ifPresent(placed -> {
                    Set<String> types = new HashSet<>();
                    placed.byNode().forEach((id, share) -> {
                        if (demandOf(share, asked).gpus() > 0) {
                            types.add(nodes.get(id).acceleratorType());
                        }
                    });
                    assertTrue(types.size() <= 1, placed::toString);
                    assertTrue(asked.gpuType() == null || !asked.usesGpus() || types.equals(Set.of(asked.gpuType())),
                            () -> asked.gpuType() + " asked, got " + types);
                });
            }
        }
    }

    /** {@code count} 1-GPU workers and no servers. */
    protected static PlacementRequest workers(int count) {
        return withServers(0, count);
    }

    /** {@code ps} servers of {@link Jobs#PS_DEMAND} and {@code workers} 1-GPU workers. */
    protected static PlacementRequest withServers(int ps, int workers) {
        return new PlacementRequest("j", new TaskCount(workers, ps), Clusters.gpus(1), Jobs.PS_DEMAND,
                Allocation.NONE);
    }

    /**
     * Up to 8 workers of random demand (GPUs from 0 to 2) and up to 2 servers, of a model family
     * chosen by the id (so the random draws, and the clusters, are those of strategies that ignore it).
     */
    protected static PlacementRequest randomRequest(Random random, String id) {
        int ps = random.nextInt(3);
        int workers = 1 + random.nextInt(8);
        Resources worker = Resources.of(random.nextInt(3), 1 + random.nextInt(8), 1_024L * (1 + random.nextInt(32)));
        return new PlacementRequest(id, new TaskCount(workers, ps), worker, Jobs.PS_DEMAND, Allocation.NONE)
                .ofFamily(FAMILIES.get(Math.floorMod(id.hashCode(), FAMILIES.size())));
    }

    private static Resources demandOf(TaskCount share, PlacementRequest request) {
        return request.workerDemand().times(share.workers()).plus(request.psDemand().times(share.ps()));
    }

    private static Resources[] freeOf(NodeLedger ledger) {
        Resources[] free = new Resources[ledger.size()];
        for (int i = 0; i < free.length; i++) {
            free[i] = ledger.free(i);
        }
        return free;
    }
}
