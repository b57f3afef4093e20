package io.yarndl.yarn.enforce;

import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.round.TaskRole;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cancels, each round, the reservations of a deep-learning attempt that its plan no longer wants
 * ({@link StaleReservations}), so that the nodes they block take the containers the plan gave
 * their GPUs to. Cancelling only dispatches an event; the scheduler drops the reservation on its
 * own thread, and only while the container is still reserved.
 */
public final class ReservationSweeper {

    private static final Logger LOG = LoggerFactory.getLogger(ReservationSweeper.class);

    private final Function<NodeId, String> nodeName;
    private final BiConsumer<ApplicationAttemptId, RMContainer> cancel;

    /**
     * @param nodeName the scheduler's node name of a node, null when it is gone
     * @param cancel   drops a reservation (an event to the scheduler), counting it
     */
    public ReservationSweeper(Function<NodeId, String> nodeName, BiConsumer<ApplicationAttemptId, RMContainer> cancel) {
        this.nodeName = nodeName;
        this.cancel = cancel;
    }

    /**
     * @param held       the attempt's worker and PS containers that hold resources
     * @param heldNodeOf the scheduler's node name of a held container
     * @param heldRoleOf the role of a held container
     */
    public void sweep(FiCaSchedulerApp attempt, JobPlan target, List<RMContainer> held,
                      Function<RMContainer, String> heldNodeOf, Function<RMContainer, TaskRole> heldRoleOf) {
        List<RMContainer> reserved = attempt.getReservedContainers();
        List<RMContainer> stale = StaleReservations.of(target, reserved, held,
                container -> nodeName.apply(container.getReservedNode()), heldNodeOf,
                container -> TaskRole.ofPriority(container.getReservedSchedulerKey().getPriority().getPriority()),
                heldRoleOf);
        for (RMContainer container : stale) {
            LOG.debug("{}: reservation {} on {} is no longer planned; cancelling it", attempt.getApplicationId(),
                    container.getContainerId(), container.getReservedNode());
            cancel.accept(attempt.getApplicationAttemptId(), container);
        }
    }
}
