package io.yarndl.yarn.enforce;

import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.round.TaskRole;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;

/**
 * Which of a deep-learning attempt's reserved containers the plan no longer wants. The
 * CapacityScheduler reserves a node for a container that does not fit there yet, and a reserved
 * node takes no other container until that one is allocated or the reservation is cancelled. Asks
 * follow the plan ({@link AskShaper}), but a reservation made for an earlier plan stays: once the
 * plan has given that GPU to another job, the node waits for a container its job no longer needs,
 * and the other job's container cannot be placed there either. In the load harness at 300
 * NodeManagers such reservations held 155 of 2,400 GPUs idle to the end of the run
 * ({@code docs/scale.md}).
 *
 * <p>A reservation is stale when the plan puts no more of that role on its node than the job
 * already holds there, or, where the plan places nothing (a policy that decides counts only), when
 * the job already holds its planned count of that role.
 */
public final class StaleReservations {

    private StaleReservations() {
    }

    /**
     * @param reserved        the attempt's reserved containers
     * @param held            its worker and PS containers that hold resources
     * @param reservedNodeOf  the scheduler's node name of a reserved container
     * @param heldNodeOf      the scheduler's node name of a held container
     * @param reservedRoleOf  the role a reserved container was asked for
     * @param heldRoleOf      the role of a held container
     */
    public static List<RMContainer> of(JobPlan target, List<RMContainer> reserved, List<RMContainer> held,
                                       Function<RMContainer, String> reservedNodeOf,
                                       Function<RMContainer, String> heldNodeOf,
                                       Function<RMContainer, TaskRole> reservedRoleOf,
                                       Function<RMContainer, TaskRole> heldRoleOf) {
        if (reserved.isEmpty()) {
            return List.of();
        }
        Map<String, int[]> heldByNode = new HashMap<>();
        int[] heldInAll = new int[TaskRole.values().length];
        for (RMContainer container : held) {
            int role = heldRoleOf.apply(container).ordinal();
            heldByNode.computeIfAbsent(heldNodeOf.apply(container), n -> new int[heldInAll.length])[role]++;
            heldInAll[role]++;
        }
        Map<String, TaskCount> planned = target.placement().byNode();
        List<RMContainer> stale = new ArrayList<>();
        for (RMContainer container : reserved) {
            TaskRole role = reservedRoleOf.apply(container);
            boolean wanted;
            if (planned.isEmpty()) {
                wanted = count(new TaskCount(target.workers(), target.ps()), role) > heldInAll[role.ordinal()];
            } else {
                String node = reservedNodeOf.apply(container);
                int heldThere = heldByNode.getOrDefault(node, new int[heldInAll.length])[role.ordinal()];
                wanted = count(planned.getOrDefault(node, TaskCount.NONE), role) > heldThere;
            }
            if (!wanted) {
                stale.add(container);
            }
        }
        return stale;
    }

    private static int count(TaskCount tasks, TaskRole role) {
        return role == TaskRole.WORKER ? tasks.workers() : tasks.ps();
    }
}
