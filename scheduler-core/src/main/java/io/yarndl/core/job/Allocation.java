package io.yarndl.core.job;

import java.util.Map;
import java.util.TreeMap;

/**
 * What a job holds: its workers and parameter servers per node. Immutable; nodes in id order so
 * that equal allocations compare equal and iterate alike.
 */
public record Allocation(Map<String, TaskCount> byNode) {

    public static final Allocation NONE = new Allocation(Map.of());

    public Allocation {
        TreeMap<String, TaskCount> copy = new TreeMap<>();
        byNode.forEach((node, count) -> {
            if (count.tasks() > 0) {
                copy.put(node, count);
            }
        });
        byNode = java.util.Collections.unmodifiableMap(copy);
    }

    public int workers() {
        return byNode.values().stream().mapToInt(TaskCount::workers).sum();
    }

    public int ps() {
        return byNode.values().stream().mapToInt(TaskCount::ps).sum();
    }

    /** Its workers and parameter servers summed over nodes. */
    public TaskCount tasks() {
        return new TaskCount(workers(), ps());
    }

    public boolean isEmpty() {
        return byNode.isEmpty();
    }

    /** Number of distinct nodes the job spans; 1 means colocated. */
    public int nodeCount() {
        return byNode.size();
    }
}
