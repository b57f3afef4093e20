package io.yarndl.sim.workload;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.TaskCount;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How a job's workers sit on nodes, as Pollux and Sia name a measured placement: the workers per
 * node, smallest first ({@code "13"}: one node with one, one with three), and how many nodes the
 * job's tasks span in all (parameter servers included). What the ground truth of a placement reads
 * beyond the count of nodes.
 *
 * @param workersPerNode workers on each node that holds any, ascending
 * @param nodesSpanned   nodes holding any of the job's tasks
 */
public record WorkerLayout(List<Integer> workersPerNode, int nodesSpanned) {

    public WorkerLayout {
        workersPerNode = List.copyOf(workersPerNode);
    }

    /** The layout of {@code allocation}. */
    public static WorkerLayout of(Allocation allocation) {
        List<Integer> perNode = new ArrayList<>();
        for (TaskCount tasks : allocation.byNode().values()) {
            if (tasks.workers() > 0) {
                perNode.add(tasks.workers());
            }
        }
        Collections.sort(perNode);
        return new WorkerLayout(perNode, allocation.nodeCount());
    }

    /** All its workers. */
    public int workers() {
        return workersPerNode.stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * The measured-placement name, one digit per node ({@code "1124"}), or empty where a node holds
     * more than 9 workers (no measurement names such a placement).
     */
    public String key() {
        StringBuilder key = new StringBuilder(workersPerNode.size());
        for (int workers : workersPerNode) {
            if (workers > 9) {
                return "";
            }
            key.append(workers);
        }
        return key.toString();
    }
}
