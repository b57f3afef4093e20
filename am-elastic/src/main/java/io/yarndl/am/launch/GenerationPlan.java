package io.yarndl.am.launch;

import java.util.List;
import java.util.Objects;

/**
 * The members of one generation of a job, in rank order: parameter servers take ranks
 * {@code 0..servers-1}, workers the ranks after them.
 *
 * @param generation 1, 2, 3, ... (a new one at every resize)
 * @param servers    container ids of the parameter servers (empty for all-reduce jobs)
 * @param workers    container ids of the workers
 */
public record GenerationPlan(int generation, List<String> servers, List<String> workers) {

    public GenerationPlan {
        servers = List.copyOf(Objects.requireNonNull(servers, "servers"));
        workers = List.copyOf(Objects.requireNonNull(workers, "workers"));
        if (generation < 1) {
            throw new IllegalArgumentException("generations start at 1, got " + generation);
        }
    }

    public int worldSize() {
        return servers.size() + workers.size();
    }

    public boolean contains(String containerId) {
        return servers.contains(containerId) || workers.contains(containerId);
    }

    /** The member's role; throws when the container is not a member. */
    public Role roleOf(String containerId) {
        if (servers.contains(containerId)) {
            return Role.SERVER;
        }
        if (workers.contains(containerId)) {
            return Role.WORKER;
        }
        throw new IllegalArgumentException(containerId + " is not a member of generation " + generation);
    }

    /** Rank among the members of its own role. */
    public int roleRank(String containerId) {
        return roleOf(containerId) == Role.SERVER ? servers.indexOf(containerId) : workers.indexOf(containerId);
    }

    /** Rank in the whole generation: servers first, then workers. */
    public int globalRank(String containerId) {
        return roleOf(containerId) == Role.SERVER ? servers.indexOf(containerId)
                : servers.size() + workers.indexOf(containerId);
    }
}
