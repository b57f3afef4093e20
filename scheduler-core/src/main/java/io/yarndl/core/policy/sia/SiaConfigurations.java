package io.yarndl.core.policy.sia;

import java.util.TreeSet;

/**
 * The worker counts Sia weighs for a job on one GPU type (its artifact's {@code CONFIGS_4GPU} and
 * {@code CONFIGS_8GPU}): within one node the powers of two below a node's worth, then whole nodes,
 * up to the type's node count. The few sizes keep the integer program small (a few per type per
 * job) and pack nodes without fragments. Counts are of the job's workers (one node holds
 * {@code perNode} of them); the job's minimum and the count it holds now are added where they lie
 * within its range, so that a job of an odd minimum can run and its current size can be kept.
 */
public final class SiaConfigurations {

    private SiaConfigurations() {
    }

    /** The counts in [{@code min}, {@code max}] for nodes of {@code perNode} workers, {@code nodes} of them. */
    public static int[] counts(int min, int max, int perNode, int nodes, int current) {
        TreeSet<Integer> counts = new TreeSet<>();
        for (int w = 1; w < perNode; w *= 2) {
            counts.add(w);
        }
        for (int n = 1; n <= nodes; n++) {
            counts.add(n * perNode);
        }
        counts.add(min);
        if (current > 0) {
            counts.add(current);
        }
        return counts.stream().mapToInt(Integer::intValue).filter(w -> w >= min && w <= max).toArray();
    }
}
