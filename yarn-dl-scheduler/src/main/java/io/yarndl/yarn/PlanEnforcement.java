package io.yarndl.yarn;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.enforce.DispatchingActions;
import io.yarndl.yarn.enforce.ReservationSweeper;
import io.yarndl.yarn.enforce.ShrinkEnforcer;
import io.yarndl.yarn.metrics.EnforcementMetrics;
import io.yarndl.yarn.round.PlanBook;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;

/**
 * What each round does to the DL attempts after it planned: surplus containers are marked and,
 * after the grace period, killed ({@link ShrinkEnforcer}), and reservations the plan no longer
 * wants are cancelled ({@link ReservationSweeper}). Growing happens in {@code allocate()}
 * ({@link DlAllocateFilter}). Both act through the scheduler's event queue, never its lock.
 */
final class PlanEnforcement {

    private final PlanBook planBook;
    private final RmJobCollector collector;
    private final Function<ApplicationId, FiCaSchedulerApp> runningAttempt;
    private final ShrinkEnforcer shrinker;
    private final ReservationSweeper reservations;

    /**
     * @param runningAttempt an application's attempt whose AM runs; null while none does
     * @param nodeName       the scheduler's node name of a node; null when it is gone
     */
    PlanEnforcement(RMContext context, Duration grace, EnforcementMetrics metrics, PlanBook planBook,
                    RmJobCollector collector, Function<ApplicationId, FiCaSchedulerApp> runningAttempt,
                    Function<NodeId, String> nodeName) {
        this.planBook = planBook;
        this.collector = collector;
        this.runningAttempt = runningAttempt;
        DispatchingActions dispatching = new DispatchingActions(context);
        this.shrinker = new ShrinkEnforcer(grace, metrics.counting(dispatching));
        this.reservations = new ReservationSweeper(nodeName, (attempt, container) -> {
            dispatching.cancelReservation(attempt, container);
            metrics.reservationCancelled();
        });
    }

    /** The enforcer whose marks the kill timer checks, and that forgets finished attempts. */
    ShrinkEnforcer shrinker() {
        return shrinker;
    }

    /**
     * @param gpuTypes the GPU type of each node, by name, as the round read them
     * @param nowMillis the round's time, from which grace periods count
     */
    void enforce(Collection<DlApplication> applications, Map<String, String> gpuTypes, long nowMillis) {
        for (DlApplication app : applications) {
            FiCaSchedulerApp attempt = runningAttempt.apply(app.id());
            if (attempt == null) {
                continue;
            }
            JobPlan target = planBook.target(app.id().toString());
            List<RMContainer> held = collector.heldContainers(attempt);
            shrinker.enforce(attempt.getApplicationAttemptId(), target, held, collector::nodeName,
                    RmJobCollector::roleOf, node -> gpuTypes.getOrDefault(node, Node.UNKNOWN_GPU_TYPE), nowMillis);
            reservations.sweep(attempt, target, held, collector::nodeName, RmJobCollector::roleOf);
        }
    }
}
