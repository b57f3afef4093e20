package io.yarndl.it.toyam;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.yarn.api.records.ContainerId;

/**
 * The toy AM's books on its containers of one role, workers or parameter servers (the same rules
 * for both, one instance each). A container is <em>owned</em> from its grant until
 * the RM reports it completed, and asks are kept at {@code maxWorkers - owned}, so a released or
 * preempted container is replaced only once the RM confirms it is gone. It is a <em>held worker</em>
 * from the start of its process until it is released or completed: only those train. The books
 * also keep the node of each owned container, from its grant, so a progress sample can name the
 * GPU type its workers train on. Not thread-safe: the AM calls it under its lock.
 */
final class WorkerContainers {

    private final int maxWorkers;
    /** The node ({@code host:port}) of each container owned. */
    private final Map<ContainerId, String> owned = new LinkedHashMap<>();
    private final Set<ContainerId> working = new LinkedHashSet<>();
    private final Set<ContainerId> releasing = new LinkedHashSet<>();
    private final Set<ContainerId> preempted = new LinkedHashSet<>();

    WorkerContainers(int maxWorkers) {
        this.maxWorkers = maxWorkers;
    }

    /**
     * Takes a container granted on {@code node} ({@code host:port}); false when the job already owns
     * as many as it can use.
     */
    boolean accept(ContainerId id, String node) {
        return owned.size() < maxWorkers && owned.putIfAbsent(id, node) == null;
    }

    /** Its process started; false when the container is no longer wanted (released or completed meanwhile). */
    boolean started(ContainerId id) {
        return owned.containsKey(id) && !releasing.contains(id) && working.add(id);
    }

    /** A preemption message named it; false when it is not ours or was named before. */
    boolean preemptionRequested(ContainerId id) {
        return owned.containsKey(id) && !releasing.contains(id) && preempted.add(id);
    }

    /** The AM gives it back; false when it is not ours or already being released. */
    boolean release(ContainerId id) {
        if (!owned.containsKey(id) || !releasing.add(id)) {
            return false;
        }
        working.remove(id);
        return true;
    }

    /** Releases every owned container not yet released, returning them. */
    List<ContainerId> releaseAll() {
        List<ContainerId> released = new ArrayList<>();
        for (ContainerId id : owned.keySet()) {
            if (releasing.add(id)) {
                released.add(id);
            }
        }
        working.clear();
        return released;
    }

    /** The RM reports it finished (any exit status); false when it was not owned. */
    boolean completed(ContainerId id) {
        working.remove(id);
        releasing.remove(id);
        preempted.remove(id);
        return owned.remove(id) != null;
    }

    int heldWorkers() {
        return working.size();
    }

    /** The nodes of the containers that train now (started, not yet released or ended), one per container. */
    List<String> workingNodes() {
        return working.stream().map(owned::get).toList();
    }

    /** Worker containers to ask for now. */
    int missing() {
        return Math.max(0, maxWorkers - owned.size());
    }

    boolean owns(ContainerId id) {
        return owned.containsKey(id);
    }

    boolean ownsAny() {
        return !owned.isEmpty();
    }
}
