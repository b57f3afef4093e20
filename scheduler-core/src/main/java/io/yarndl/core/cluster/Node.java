package io.yarndl.core.cluster;

import java.util.Objects;

/**
 * One machine as a policy sees it.
 *
 * @param id              node id (YARN's host:port in the RM, a generated name in the simulator)
 * @param rack            rack name, for topology-aware placement: YARN's network location, a path
 *                        such as {@code /rack-1}, or {@code /pod-2/rack-1} where the operator's
 *                        topology mapping names a level above racks ({@link #pod()})
 * @param acceleratorType the node's GPU type (e.g. {@code V100}), or {@link #UNKNOWN_GPU_TYPE}. A job's
 *                        GPU tasks all run on one type ({@link io.yarndl.core.policy.PlanValidator}):
 *                        its workers train in lock-step, so the slowest type would set its pace
 * @param capacity        everything the node has
 * @param available       what the policy may divide: capacity less what work outside the policy's
 *                        jobs holds (non-DL applications, AMs). What DL jobs hold now is included,
 *                        because the policy may re-decide it.
 */
public record Node(String id, String rack, String acceleratorType, Resources capacity, Resources available) {

    /** The type of a node that does not say which GPUs it has; on a cluster of such nodes all GPUs are alike. */
    public static final String UNKNOWN_GPU_TYPE = "none";

    public Node {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(rack, "rack");
        Objects.requireNonNull(acceleratorType, "acceleratorType");
        Objects.requireNonNull(capacity, "capacity");
        Objects.requireNonNull(available, "available");
        if (!available.fitsIn(capacity)) {
            throw new IllegalArgumentException("node " + id + ": available " + available
                    + " exceeds capacity " + capacity);
        }
    }

    /**
     * The level above the node's rack where its network location names one: the location without
     * its last part ({@code /pod-2/rack-1} gives {@code /pod-2}); empty for a one-level location
     * ({@code /rack-1}), where all racks sit under one spine.
     */
    public String pod() {
        int last = rack.lastIndexOf('/');
        return last > 0 ? rack.substring(0, last) : "";
    }

    public static Node of(String id, Resources capacity) {
        return new Node(id, "/default-rack", UNKNOWN_GPU_TYPE, capacity, capacity);
    }
}
