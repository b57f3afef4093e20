package io.yarndl.core.placement;

import io.yarndl.core.job.Allocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * Keeps a job's GPU tasks on one GPU type ({@link io.yarndl.core.cluster.Node#acceleratorType()}),
 * whatever rule places them: its workers train in lock-step, so the slowest type would set the
 * pace of all of them, and {@code PlanValidator} rejects a plan that splits a job over types.
 *
 * <p>A request that names a type goes on that type's nodes. On a cluster of several types, one
 * that names none goes on the first type it fits, trying them in {@link #typesToTry} order:
 * type-unaware, but never split. A job without GPU tasks, or a cluster of one type, has no choice
 * to make and may use every node.
 */
public final class GpuTypeChoice {

    private GpuTypeChoice() {
    }

    /**
     * Places {@code request} with {@code rule} on the nodes of one GPU type. A request of no tasks
     * gets {@link Allocation#NONE}; one larger than the ledger's total free fails in O(1).
     */
    public static Optional<Allocation> place(NodeLedger ledger, PlacementRequest request, RestrictedPlacement rule) {
        if (request.tasks().tasks() == 0) {
            return Optional.of(Allocation.NONE);
        }
        if (!request.totalDemand().fitsIn(ledger.totalFree())) {
            return Optional.empty();
        }
        if (request.gpuType() != null || !request.usesGpus() || ledger.gpuTypes().size() < 2) {
            return rule.placeOn(ledger, request, nodesOf(ledger, request.usesGpus() ? request.gpuType() : null));
        }
        for (String type : typesToTry(ledger, request)) {
            Optional<Allocation> placed = rule.placeOn(ledger, request, nodesOf(ledger, type));
            if (placed.isPresent()) {
                return placed;
            }
        }
        return Optional.empty();
    }

    /**
     * On a cluster of several GPU types, where a job that did not name one may go: the type it runs
     * on now first (moving it costs a restart), then the others by most GPUs free, ties in the
     * order the types appear among the nodes. Types without enough free GPUs for the job are not
     * tried.
     */
    public static List<String> typesToTry(NodeLedger ledger, PlacementRequest request) {
        long gpusNeeded = request.workerDemand().gpus() * (long) request.tasks().workers()
                + request.psDemand().gpus() * (long) request.tasks().ps();
        String currentType = null;
        for (String nodeId : request.current().byNode().keySet()) {
            int index = ledger.indexOf(nodeId);
            if (index >= 0) {
                currentType = ledger.node(index).acceleratorType();
                break;
            }
        }
        String keep = currentType;
        List<String> types = new ArrayList<>();
        for (String type : ledger.gpuTypes()) {
            if (ledger.freeGpus(type) >= gpusNeeded) {
                types.add(type);
            }
        }
        types.sort(Comparator.comparing((String type) -> !type.equals(keep))
                .thenComparing(type -> -ledger.freeGpus(type)));
        return types;
    }

    /** The ledger's nodes of {@code type}; every node when {@code type} is null. */
    private static IntPredicate nodesOf(NodeLedger ledger, String type) {
        return type == null ? node -> true : node -> type.equals(ledger.node(node).acceleratorType());
    }
}
