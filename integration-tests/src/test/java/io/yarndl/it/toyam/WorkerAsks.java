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
 * The toy AM's outstanding worker asks to the RM: each one container of the spec's worker
 * resources (GPUs included) at {@link DlJobContract#WORKER_PRIORITY}, anywhere. Make it only once
 * the AM is registered: resource types are known for sure after registration (the RM sends them).
 * Not thread-safe: the AM calls it under its lock.
 */
final class WorkerAsks {

    private static final String GPU = "yarn.io/gpu";

    private final AMRMClientAsync<ContainerRequest> rm;
    private final Resource workerResource;
    private final Deque<ContainerRequest> outstanding = new ArrayDeque<>();

    WorkerAsks(AMRMClientAsync<ContainerRequest> rm, Resources workerDemand) {
        this.rm = rm;
        this.workerResource = Resource.newInstance(workerDemand.memoryMb(), workerDemand.vcores(),
                Map.of(GPU, (long) workerDemand.gpus()));
    }

    /** Keeps {@code wanted} asks outstanding, adding or withdrawing the newest. */
    void keepAt(int wanted) {
        while (outstanding.size() < wanted) {
            ContainerRequest ask = new ContainerRequest(workerResource, null, null,
                    Priority.newInstance(DlJobContract.WORKER_PRIORITY));
            rm.addContainerRequest(ask);
            outstanding.add(ask);
        }
        while (outstanding.size() > wanted) {
            rm.removeContainerRequest(outstanding.removeLast());
        }
    }

    /** A worker container was taken: one ask fewer, the oldest. */
    void granted() {
        if (!outstanding.isEmpty()) {
            rm.removeContainerRequest(outstanding.removeFirst());
        }
    }
}
