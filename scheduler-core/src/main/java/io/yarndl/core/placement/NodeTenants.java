package io.yarndl.core.placement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who holds GPUs on each node while one plan is made: the model family of every job reserved
 * there through {@link NodeLedger#reserve(io.yarndl.core.job.Allocation, io.yarndl.core.cluster.Resources,
 * io.yarndl.core.cluster.Resources, String)}, with the GPUs it holds, so a placement can weigh how
 * a job and its neighbours on a node slow each other down. Owned by one {@link NodeLedger}; as
 * mutable and as private as it.
 *
 * <p>Only tasks that hold GPUs count: the job-interference model is measured per GPU, and a task
 * without one (a CPU-only parameter server) has no figure. Jobs of one family on a node are one
 * entry, their GPUs summed: a placement weighs neighbours by family and by how much of the node
 * they hold, so two jobs of a family read the same as one job of their size.
 */
public final class NodeTenants {

    /** One family's hold on a node. */
    public record Tenant(String family, int gpus) {
    }

    /** GPUs held by family, per node index; a node's map is made on its first tenant. */
    private final Map<String, Integer>[] gpusByFamily;

    @SuppressWarnings("unchecked")
    NodeTenants(int nodes) {
        this.gpusByFamily = new Map[nodes];
    }

    void add(int node, String family, int gpus) {
        if (gpus <= 0) {
            return;
        }
        if (gpusByFamily[node] == null) {
            gpusByFamily[node] = new LinkedHashMap<>(4);
        }
        gpusByFamily[node].merge(family, gpus, Integer::sum);
    }

    void remove(int node, String family, int gpus) {
        Map<String, Integer> held = gpusByFamily[node];
        if (gpus <= 0 || held == null) {
            return;
        }
        held.computeIfPresent(family, (f, had) -> had > gpus ? had - gpus : null);
    }

    /** The tenants of node {@code index}, in the order their families first arrived; empty for none. */
    public List<Tenant> of(int index) {
        Map<String, Integer> held = gpusByFamily[index];
        if (held == null || held.isEmpty()) {
            return Collections.emptyList();
        }
        List<Tenant> tenants = new ArrayList<>(held.size());
        held.forEach((family, gpus) -> tenants.add(new Tenant(family, gpus)));
        return tenants;
    }
}
