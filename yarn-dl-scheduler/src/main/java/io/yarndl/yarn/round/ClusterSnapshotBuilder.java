package io.yarndl.yarn.round;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerNode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the {@link ClusterSnapshot} a policy divides from the scheduler's nodes. What a policy may
 * divide on a node is what nobody holds plus what deep-learning workers and parameter servers hold
 * there (the policy re-decides those every round); what non-DL applications and ApplicationMasters
 * hold is not the policy's and is left out.
 *
 * <p>Reads each node's resources without the scheduler's lock: a node may change while the
 * snapshot is built, so it can be a heartbeat stale, which the next round corrects.
 */
public final class ClusterSnapshotBuilder {

    /** The accelerator type of nodes in the default (unlabelled) partition. */
    public static final String DEFAULT_ACCELERATOR = "default";

    public ClusterSnapshot build(double timeSec, Collection<? extends SchedulerNode> nodes, List<DlJobState> jobs) {
        Map<String, Resources> heldByDl = new HashMap<>();
        for (DlJobState job : jobs) {
            for (HeldTask task : job.tasks()) {
                heldByDl.merge(task.nodeName(), task.resources(), Resources::plus);
            }
        }
        List<Node> result = new ArrayList<>(nodes.size());
        for (SchedulerNode node : nodes) {
            Resources capacity = YarnResources.toCore(node.getTotalResource());
            Resources free = YarnResources.toCore(node.getUnallocatedResource())
                    .plus(heldByDl.getOrDefault(node.getNodeName(), Resources.ZERO));
            String partition = node.getPartition();
            String accelerator = partition == null || partition.isEmpty() ? DEFAULT_ACCELERATOR : partition;
            result.add(new Node(node.getNodeName(), node.getRackName(), accelerator, capacity,
                    clamp(free, capacity)));
        }
        result.sort(Comparator.comparing(Node::id));
        return new ClusterSnapshot(timeSec, result);
    }

    // A node whose capacity shrank under running containers reports negative free resources.
    private static Resources clamp(Resources free, Resources capacity) {
        return new Resources(
                Math.max(0, Math.min(free.gpus(), capacity.gpus())),
                Math.max(0, Math.min(free.vcores(), capacity.vcores())),
                Math.max(0, Math.min(free.memoryMb(), capacity.memoryMb())));
    }
}
