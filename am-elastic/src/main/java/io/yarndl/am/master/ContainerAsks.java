package io.yarndl.am.master;

import io.yarndl.am.launch.Role;
import io.yarndl.core.cluster.Resources;
import io.yarndl.contract.job.DlJobContract;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumMap;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.client.api.AMRMClient.ContainerRequest;
import org.apache.hadoop.yarn.client.api.async.AMRMClientAsync;

/**
 * The job's outstanding container asks, one per missing container, at the priority that tells the
 * scheduler workers ({@link DlJobContract#WORKER_PRIORITY}) from parameter servers
 * ({@link DlJobContract#PS_PRIORITY}). The scheduler caps them at its plan. Not thread-safe: the AM
 * calls it under its lock.
 */
final class ContainerAsks {

    private static final String GPU = "yarn.io/gpu";

    private final AMRMClientAsync<ContainerRequest> rm;
    private final Map<Role, Resources> demand = new EnumMap<>(Role.class);
    private final Map<Role, Deque<ContainerRequest>> outstanding = new EnumMap<>(Role.class);

    ContainerAsks(AMRMClientAsync<ContainerRequest> rm, Resources worker, Resources server) {
        this.rm = rm;
        demand.put(Role.WORKER, worker);
        demand.put(Role.SERVER, server);
        outstanding.put(Role.WORKER, new ArrayDeque<>());
        outstanding.put(Role.SERVER, new ArrayDeque<>());
    }

    /** The role a granted container was asked for, by its priority; null for a stray. */
    static Role roleOf(int priority) {
        return priority == DlJobContract.WORKER_PRIORITY ? Role.WORKER
                : priority == DlJobContract.PS_PRIORITY ? Role.SERVER : null;
    }

    /** Keeps {@code wanted} asks of {@code role} outstanding. */
    void setCount(Role role, int wanted) {
        Deque<ContainerRequest> asks = outstanding.get(role);
        while (asks.size() < wanted) {
            ContainerRequest ask = new ContainerRequest(resourceOf(role), null, null, Priority.newInstance(
                    role == Role.WORKER ? DlJobContract.WORKER_PRIORITY : DlJobContract.PS_PRIORITY));
            rm.addContainerRequest(ask);
            asks.add(ask);
        }
        while (asks.size() > wanted) {
            rm.removeContainerRequest(asks.removeLast());
        }
    }

    /** A container of {@code role} arrived: one ask fewer. */
    void granted(Role role) {
        Deque<ContainerRequest> asks = outstanding.get(role);
        if (!asks.isEmpty()) {
            rm.removeContainerRequest(asks.removeFirst());
        }
    }

    private Resource resourceOf(Role role) {
        Resources r = demand.get(role);
        return Resource.newInstance(r.memoryMb(), r.vcores(), Map.of(GPU, (long) r.gpus()));
    }
}
