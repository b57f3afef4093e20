package io.yarndl.yarn.round;

import io.yarndl.contract.job.DlJobContract;

/** What a deep-learning job's container is for, told by the priority of the ask that won it. */
public enum TaskRole {
    WORKER,
    PARAMETER_SERVER;

    /** The role of a container asked for at {@code priority}: parameter-server priority, else worker. */
    public static TaskRole ofPriority(int priority) {
        return priority == DlJobContract.PS_PRIORITY ? PARAMETER_SERVER : WORKER;
    }
}
