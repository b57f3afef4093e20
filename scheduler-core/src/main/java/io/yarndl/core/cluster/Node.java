package io.yarndl.core.cluster;

import java.util.Objects;

/**
 * One machine as a policy sees it.
 *
 * @param id              node id (YARN's host:port in the RM, a generated name in the simulator)
 * @param rack            rack name, for topology-aware placement
 * @param acceleratorType GPU model (e.g. {@code V100}), or {@code none}
 * @param capacity        everything the node has
 * @param available       what the policy may divide: capacity less what work outside the policy's
 *                        jobs holds (non-DL applications, AMs). What DL jobs hold now is included,
 *                        because the policy may re-decide it.
 */
public record Node(String id, String rack, String acceleratorType, Resources capacity, Resources available) {

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
        return new Node(id, "/default-rack", "none", capacity, capacity);
    }
}
