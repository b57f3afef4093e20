package io.yarndl.scale.rm;

import java.util.Map;
import org.apache.hadoop.yarn.api.records.Resource;

/**
 * What the simulated cluster is made of: GPU nodes of {@value #GPUS} GPUs, {@value #VCORES} vcores
 * and {@value #MEMORY_MB} MB, as an 8-GPU server with two 48-core sockets; the containers the
 * simulated applications ask for.
 */
public final class ClusterShape {

    public static final String GPU = "yarn.io/gpu";
    public static final int GPUS = 8;
    public static final int VCORES = 96;
    public static final int MEMORY_MB = 768 * 1024;

    /** A DL job's worker: one GPU, 8 vcores, 64 GB, so 8 of them fill a node's GPUs. */
    public static final int WORKER_VCORES = 8;
    public static final int WORKER_MEMORY_MB = 64 * 1024;
    /** Every ApplicationMaster's container. */
    public static final int AM_VCORES = 1;
    public static final int AM_MEMORY_MB = 1024;
    /** A non-DL task's container (root.default). */
    public static final int TASK_VCORES = 1;
    public static final int TASK_MEMORY_MB = 2048;

    private ClusterShape() {
    }

    public static Resource node() {
        return Resource.newInstance(MEMORY_MB, VCORES, Map.of(GPU, (long) GPUS));
    }

    public static Resource worker() {
        return Resource.newInstance(WORKER_MEMORY_MB, WORKER_VCORES, Map.of(GPU, 1L));
    }

    public static Resource am() {
        return Resource.newInstance(AM_MEMORY_MB, AM_VCORES);
    }

    public static Resource task() {
        return Resource.newInstance(TASK_MEMORY_MB, TASK_VCORES);
    }
}
