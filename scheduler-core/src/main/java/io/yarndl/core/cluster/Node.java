package io.yarndl.core.cluster;

import java.util.Objects;

/**
 * One machine as a policy sees it.
 *
 * @param id              node id (YARN's host:port in the RM, a generated name in the simulator)
 * @param rack            rack name, for topology-aware placement
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

    public static Node of(String id, Resources capacity) {
        return new Node(id, "/default-rack", UNKNOWN_GPU_TYPE, capacity, capacity);
    }
}
