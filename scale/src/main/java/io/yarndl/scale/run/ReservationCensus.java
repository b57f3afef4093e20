package io.yarndl.scale.run;

import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.DeepLearningScheduler;
import io.yarndl.yarn.enforce.StaleReservations;
import io.yarndl.yarn.metrics.EnforcementMetrics;
import io.yarndl.yarn.round.TaskRole;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerNode;
import org.apache.hadoop.yarn.util.resource.Resources;

/**
 * Where the containers reserved on nodes at the end of a run stand: a reserved node takes no other
 * container until the reservation is met or cancelled, so each one can leave a GPU idle. Each is
 * put in one class: the node has no room for it (a container there must end first), or it has room
 * (so something else holds it back); and under yarn-dl, whether the plan still wants it by the rule
 * the scheduler cancels reservations by (a reservation the plan no longer wants
 * blocks the node for the job the plan gave that GPU to, until yarn-dl's next round cancels it).
 *
 * @param byClass   reserved containers at the end, by class
 * @param cancelled reservations yarn-dl cancelled during the run as no longer planned
 *                  ({@code reservations.cancelled}); 0 under the stock CapacityScheduler
 */
public record ReservationCensus(Map<String, Integer> byClass, long cancelled) {

    /** No scheduler to count (a run that never started). */
    public static final ReservationCensus NONE = new ReservationCensus(Map.of(), 0);

    public static ReservationCensus of(CapacityScheduler scheduler) {
        Map<String, Integer> classes = new TreeMap<>();
        DeepLearningScheduler yarnDl = scheduler instanceof DeepLearningScheduler dl ? dl : null;
        for (FiCaSchedulerNode node : scheduler.getAllNodes()) {
            RMContainer reserved = node.getReservedContainer();
            if (reserved == null) {
                continue;
            }
            Resource wanted = reserved.getReservedResource();
            boolean room = Resources.fitsIn(wanted, node.getUnallocatedResource());
            String key = room ? "node has room" : "node full";
            if (yarnDl != null) {
                key += planned(yarnDl, scheduler, reserved) ? ", plan wants it there" : ", plan does not want it there";
            }
            classes.merge(key, 1, Integer::sum);
        }
        long cancelled = yarnDl == null ? 0
                : yarnDl.metrics().registry().counter(EnforcementMetrics.RESERVATIONS_CANCELLED).getCount();
        return new ReservationCensus(classes, cancelled);
    }

    /** Whether the plan still wants the reservation: the very rule yarn-dl cancels by ({@link StaleReservations}). */
    private static boolean planned(DeepLearningScheduler yarnDl, CapacityScheduler scheduler, RMContainer reserved) {
        FiCaSchedulerApp attempt = scheduler.getApplicationAttempt(reserved.getApplicationAttemptId());
        if (attempt == null) {
            return false;
        }
        List<RMContainer> held = attempt.getLiveContainers().stream().filter(c -> !c.isAMContainer()).toList();
        JobPlan target = yarnDl.planBook().target(reserved.getApplicationAttemptId().getApplicationId().toString());
        Function<NodeId, String> nodeName = id -> scheduler.getNode(id) == null ? null : scheduler.getNode(id).getNodeName();
        return StaleReservations.of(target, List.of(reserved), held,
                c -> nodeName.apply(c.getReservedNode()), c -> nodeName.apply(c.getAllocatedNode()),
                c -> TaskRole.ofPriority(c.getReservedSchedulerKey().getPriority().getPriority()),
                c -> TaskRole.ofPriority(c.getAllocatedSchedulerKey().getPriority().getPriority())).isEmpty();
    }

    @Override
    public String toString() {
        return (byClass.isEmpty() ? "none" : byClass.toString()) + ", " + cancelled + " cancelled as no longer planned";
    }
}
