package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Resources;

import java.util.Objects;

/**
 * One worker or parameter-server container a deep-learning job holds, as the policy's driver sees
 * it: where it runs and what it takes. The ApplicationMaster's own container is never one.
 *
 * @param containerId YARN's container id
 * @param nodeName    the scheduler's name for its node (host, or host:port where ports are part of names)
 * @param role        worker or parameter server
 * @param resources   what it holds
 */
public record HeldTask(String containerId, String nodeName, TaskRole role, Resources resources) {

    public HeldTask {
        Objects.requireNonNull(containerId, "containerId");
        Objects.requireNonNull(nodeName, "nodeName");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(resources, "resources");
    }
}
