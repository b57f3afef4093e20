package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.PlacementRequest;
import java.util.Arrays;
import java.util.BitSet;
import java.util.PrimitiveIterator;

/**
 * The nodes a job may use, best first: those that pass the constraint for one task of the job's
 * more numerous kind (every node of an even share holds one), ranked by fitness, highest first;
 * at equal fitness the nodes it runs on now first (a move costs a checkpoint and restart), then
 * the ledger's order, most free first, so a job the fitness says nothing of goes where packing
 * would put it.
 *
 * <p>The prefilter: the walk goes down the ledger's most-free order ({@link NodeLedger#byMostFree()})
 * and stops at the first node too small for one task, so full nodes, usually most of a busy
 * cluster, are never scored. Each remaining node is scored once per job, not once per task, and
 * ranked with one sort of primitive keys: O(n log n) for n nodes with room.
 */
final class RankedNodes {

    /** Fitness is ranked in steps of a millionth: closer figures count as equal, so ties fall to the rules after it. */
    private static final double FITNESS_STEP = 1e-6;

    private final int[] nodes;
    private final double[] fitness;
    private final Resources largestFree;
    private final Resources totalFree;

    private RankedNodes(int[] nodes, double[] fitness, Resources largestFree, Resources totalFree) {
        this.nodes = nodes;
        this.fitness = fitness;
        this.largestFree = largestFree;
        this.totalFree = totalFree;
    }

    static RankedNodes of(NodeLedger ledger, PlacementRequest request, NodeConstraint constraint,
                          NodeFitness fitnessOfNode) {
        boolean mostlyWorkers = request.tasks().workers() >= request.tasks().ps();
        Resources oneTask = mostlyWorkers ? request.workerDemand() : request.psDemand();
        double oneTaskSize = ledger.sizeOf(oneTask);
        BitSet current = currentNodes(ledger, request);
        int[] walked = new int[16];
        double[] scores = new double[16];
        long[] keys = new long[16];
        int count = 0;
        long gpus = 0;
        long vcores = 0;
        long memory = 0;
        Resources total = Resources.ZERO;
        PrimitiveIterator.OfInt order = ledger.byMostFree();
        while (order.hasNext()) {
            int node = order.nextInt();
            // Sizes only fall along the order, and a node smaller than one task cannot hold it.
            if (ledger.freeSize(node) < oneTaskSize) {
                break;
            }
            if (!constraint.admits(ledger, node, oneTask)) {
                continue;
            }
            if (count == walked.length) {
                walked = Arrays.copyOf(walked, count * 2);
                scores = Arrays.copyOf(scores, count * 2);
                keys = Arrays.copyOf(keys, count * 2);
            }
            double score = fitnessOfNode.of(ledger, node);
            long step = Math.round((1 - score) / FITNESS_STEP);
            keys[count] = step << 33 | (current.get(node) ? 0L : 1L) << 32 | count;
            walked[count] = node;
            scores[count] = score;
            count++;
            Resources free = ledger.free(node);
            gpus = Math.max(gpus, free.gpus());
            vcores = Math.max(vcores, free.vcores());
            memory = Math.max(memory, free.memoryMb());
            total = total.plus(free);
        }
        keys = Arrays.copyOf(keys, count);
        Arrays.sort(keys);
        int[] nodes = new int[count];
        double[] fitness = new double[count];
        for (int i = 0; i < count; i++) {
            int walkedAt = (int) (keys[i] & 0xFFFF_FFFFL);
            nodes[i] = walked[walkedAt];
            fitness[i] = scores[walkedAt];
        }
        return new RankedNodes(nodes, fitness, Resources.of((int) gpus, (int) vcores, memory), total);
    }

    /** The nodes at {@code ranks[0..count)} of these, in that order: e.g. one rack's, best first. */
    RankedNodes subset(NodeLedger ledger, int[] ranks, int count) {
        int[] chosen = new int[count];
        double[] scores = new double[count];
        long gpus = 0;
        long vcores = 0;
        long memory = 0;
        Resources total = Resources.ZERO;
        for (int i = 0; i < count; i++) {
            chosen[i] = nodes[ranks[i]];
            scores[i] = fitness[ranks[i]];
            Resources free = ledger.free(chosen[i]);
            gpus = Math.max(gpus, free.gpus());
            vcores = Math.max(vcores, free.vcores());
            memory = Math.max(memory, free.memoryMb());
            total = total.plus(free);
        }
        return new RankedNodes(chosen, scores, Resources.of((int) gpus, (int) vcores, memory), total);
    }

    private static BitSet currentNodes(NodeLedger ledger, PlacementRequest request) {
        BitSet current = new BitSet(ledger.size());
        for (String id : request.current().byNode().keySet()) {
            int index = ledger.indexOf(id);
            if (index >= 0) {
                current.set(index);
            }
        }
        return current;
    }

    int count() {
        return nodes.length;
    }

    /** The ledger index of the {@code rank}-th best node. */
    int node(int rank) {
        return nodes[rank];
    }

    /** The fitness of the {@code rank}-th best node. */
    double fitness(int rank) {
        return fitness[rank];
    }

    /** Each dimension the most any ranked node has free: a share larger in one fits none of them. */
    Resources largestFree() {
        return largestFree;
    }

    /** What the ranked nodes have free together: a job that needs more fits on none of their subsets. */
    Resources totalFree() {
        return totalFree;
    }
}
