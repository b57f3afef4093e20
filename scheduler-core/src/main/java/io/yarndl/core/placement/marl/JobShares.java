package io.yarndl.core.placement.marl;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.placement.NodeLedger;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One job's shares chosen so far in one call of the {@code marl} placement, not yet reserved: the
 * room they take is subtracted from what the ledger says is free, so the next decision sees it.
 */
final class JobShares {

    private final Resources workerDemand;
    private final Resources psDemand;
    private final Map<Integer, TaskCount> byNode = new LinkedHashMap<>();

    JobShares(Resources workerDemand, Resources psDemand) {
        this.workerDemand = workerDemand;
        this.psDemand = psDemand;
    }

    void addWorkers(int node, int workers) {
        byNode.merge(node, new TaskCount(workers, 0), JobShares::sum);
    }

    void addPs(int node, int ps) {
        byNode.merge(node, new TaskCount(0, ps), JobShares::sum);
    }

    boolean holds(int node) {
        return byNode.containsKey(node);
    }

    /** Nodes holding a share. */
    int nodes() {
        return byNode.size();
    }

    Iterable<Integer> nodeIndices() {
        return byNode.keySet();
    }

    /** What is free on {@code node} once the shares chosen so far take their room. */
    Resources freeOn(NodeLedger ledger, int node) {
        TaskCount pending = byNode.get(node);
        Resources free = ledger.free(node);
        if (pending == null) {
            return free;
        }
        return free.minus(workerDemand.times(pending.workers()).plus(psDemand.times(pending.ps()))).atLeastZero();
    }

    /** The shares as an allocation, by node id. */
    Allocation toAllocation(NodeLedger ledger) {
        Map<String, TaskCount> tasks = new LinkedHashMap<>();
        byNode.forEach((node, count) -> tasks.put(ledger.node(node).id(), count));
        return new Allocation(tasks);
    }

    private static TaskCount sum(TaskCount a, TaskCount b) {
        return new TaskCount(a.workers() + b.workers(), a.ps() + b.ps());
    }
}
