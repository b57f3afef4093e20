package io.yarndl.it.toyam;

import io.yarndl.contract.job.DlJobContract;
import io.yarndl.core.cluster.Resources;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;

/**
 * The toy AM's outstanding asks to the RM for one role: each one container of the spec's worker
 * resources (GPUs included) at {@link DlJobContract#WORKER_PRIORITY}, or of its parameter-server
 * resources at {@link DlJobContract#PS_PRIORITY}, anywhere. Make it only once
 * the AM is registered: resource types are known for sure after registration (the RM sends them).
 * Not thread-safe: the AM calls it under its lock.
 */
final class WorkerAsks {

    private static final String GPU = "yarn.io/gpu";

    private final AMRMClientAsync<ContainerRequest> rm;
    private final Resource resource;
    private final int priority;
    private final Deque<ContainerRequest> outstanding = new ArrayDeque<>();

    /** Asks for {@code demand} at {@code priority}, the role's ({@link DlJobContract}). */
    WorkerAsks(AMRMClientAsync<ContainerRequest> rm, Resources demand, int priority) {
        this.rm = rm;
        this.resource = Resource.newInstance(demand.memoryMb(), demand.vcores(), Map.of(GPU, (long) demand.gpus()));
        this.priority = priority;
    }

    /** Keeps {@code wanted} asks outstanding, adding or withdrawing the newest. */
    void keepAt(int wanted) {
        while (outstanding.size() < wanted) {
            ContainerRequest ask = new ContainerRequest(resource, null, null, Priority.newInstance(priority));
            rm.addContainerRequest(ask);
            outstanding.add(ask);
        }
        while (outstanding.size() > wanted) {
            rm.removeContainerRequest(outstanding.removeLast());
        }
    }

    /** A container was taken: one ask fewer, the oldest. */
    void granted() {
        if (!outstanding.isEmpty()) {
            rm.removeContainerRequest(outstanding.removeFirst());
        }
    }
}
