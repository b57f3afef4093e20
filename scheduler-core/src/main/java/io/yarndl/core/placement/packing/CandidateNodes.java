package io.yarndl.core.placement.packing;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.placement.NodeLedger;
import java.util.Arrays;
import java.util.PrimitiveIterator;
import java.util.function.IntPredicate;

/**
 * The eligible nodes that can hold at least one task of a job, most free first, read from the ledger's
 * order only as far as a placement attempt needs: one placement call walks the cluster at most
 * once, however many node counts it tries.
 */
final class CandidateNodes {

    private final NodeLedger ledger;
    private final Resources oneTask;
    private final int tasksOfKind;
    private final double oneTaskSize;
    private final IntPredicate eligible;
    private final PrimitiveIterator.OfInt order;
    private int[] nodes = new int[16];
    private int count;
    private boolean exhausted;
    private long slots;

    /**
     * @param oneTask     one task of the kind every node used must hold
     * @param tasksOfKind how many such tasks the job has
     * @param eligible    which nodes, by ledger index, may be candidates at all (e.g. those of one GPU type)
     */
    CandidateNodes(NodeLedger ledger, Resources oneTask, int tasksOfKind, IntPredicate eligible) {
        this.ledger = ledger;
        this.eligible = eligible;
        this.oneTask = oneTask;
        this.tasksOfKind = tasksOfKind;
        this.oneTaskSize = ledger.sizeOf(oneTask);
        this.order = ledger.byMostFree();
    }

    /** The {@code i}-th candidate's ledger index, or -1 when there are no more than {@code i}. */
    int get(int i) {
        while (i >= count && !exhausted) {
            readNext();
        }
        return i < count ? nodes[i] : -1;
    }

    /** True once every candidate is known, so {@link #count()} is final. */
    boolean exhausted() {
        return exhausted;
    }

    int count() {
        return count;
    }

    /**
     * False once every candidate is known and together they have room for fewer tasks of the kind
     * than the job has, counting each node alone, ignoring the job's other tasks: then no k works.
     */
    boolean mayHoldAll() {
        return !exhausted || slots >= tasksOfKind;
    }

    private void readNext() {
        if (!order.hasNext()) {
            exhausted = true;
            return;
        }
        int node = order.nextInt();
        // The order is by size, and a node smaller than one task cannot hold it: neither can any after it.
        if (ledger.freeSize(node) < oneTaskSize) {
            exhausted = true;
            return;
        }
        if (oneTask.fitsIn(ledger.free(node)) && eligible.test(node)) {
            if (count == nodes.length) {
                nodes = Arrays.copyOf(nodes, count * 2);
            }
            nodes[count++] = node;
            slots += Math.min(tasksOfKind, ledger.free(node).copiesOf(oneTask));
        }
    }
}
