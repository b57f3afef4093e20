package io.yarndl.yarn;

import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.enforce.AskDelta;
import io.yarndl.yarn.enforce.AskShaper;
import io.yarndl.yarn.enforce.AttemptAsks;
import io.yarndl.yarn.round.HeldTask;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.api.records.SchedulingRequest;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.AppPlacementAllocator;
import org.apache.hadoop.yarn.server.scheduler.SchedulerRequestKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the scheduler does to a deep-learning attempt's {@code allocate} call before the
 * CapacityScheduler sees it: its resource asks are shaped to the job's planned target
 * ({@link AskShaper}, with per-attempt state) and only those that change what CapacityScheduler
 * holds are passed on ({@link AskDelta}); its placement-constraint requests are dropped
 * (warned once per attempt), since the policy, not the AM, places DL jobs. State per attempt is
 * dropped when the attempt is removed.
 */
final class DlAllocateFilter {

    private static final Logger LOG = LoggerFactory.getLogger(DlAllocateFilter.class);

    private final AskShaper askShaper = new AskShaper();
    private final Map<ApplicationAttemptId, AttemptAsks> attemptAsks = new ConcurrentHashMap<>();
    private final Set<ApplicationAttemptId> warnedSchedulingRequests = ConcurrentHashMap.newKeySet();
    private final Function<FiCaSchedulerApp, List<HeldTask>> heldTasks;
    private final Function<String, JobPlan> targetOf;
    private final Function<String, String> rackOf;

    /**
     * @param heldTasks the tasks an attempt holds now
     * @param targetOf  the plan's target for a job id
     * @param rackOf    a node name's rack, null when the node is unknown
     */
    DlAllocateFilter(Function<FiCaSchedulerApp, List<HeldTask>> heldTasks, Function<String, JobPlan> targetOf,
                     Function<String, String> rackOf) {
        this.heldTasks = heldTasks;
        this.targetOf = targetOf;
        this.rackOf = rackOf;
    }

    /** The attempt's asks shaped to its target, counting the containers it releases in this call as gone. */
    List<ResourceRequest> shapedAsks(ApplicationAttemptId attemptId, FiCaSchedulerApp attempt,
                                     List<ResourceRequest> ask, List<ContainerId> release) {
        Set<String> releasing = new HashSet<>();
        if (release != null) {
            release.forEach(id -> releasing.add(id.toString()));
        }
        List<HeldTask> held = new ArrayList<>();
        for (HeldTask task : heldTasks.apply(attempt)) {
            if (!releasing.contains(task.containerId())) {
                held.add(task);
            }
        }
        JobPlan target = targetOf.apply(attemptId.getApplicationId().toString());
        AttemptAsks state = attemptAsks.computeIfAbsent(attemptId, id -> new AttemptAsks());
        List<ResourceRequest> fromAm = ask == null ? List.of() : ask;
        List<ResourceRequest> shaped;
        synchronized (state) {
            shaped = askShaper.shape(state, fromAm, target, held, rackOf::apply);
        }
        return AskDelta.changes(shaped, fromAm, like -> heldBy(attempt, like));
    }

    /** The request CapacityScheduler holds for the attempt under {@code like}'s key and name, or null. */
    private static ResourceRequest heldBy(FiCaSchedulerApp attempt, ResourceRequest like) {
        AppPlacementAllocator<?> placement =
                attempt.getAppSchedulingInfo().getAppPlacementAllocator(SchedulerRequestKey.create(like));
        return placement == null ? null : placement.getResourceRequests().get(like.getResourceName());
    }

    /** None of {@code requests}: the policy places DL jobs; the first time an attempt sends some, a warning. */
    List<SchedulingRequest> withoutSchedulingRequests(ApplicationAttemptId attemptId, List<SchedulingRequest> requests) {
        if (requests != null && !requests.isEmpty()) {
            if (warnedSchedulingRequests.add(attemptId)) {
                LOG.warn("{}: SchedulingRequests (placement constraints) are ignored for deep-learning jobs;"
                        + " the policy places them", attemptId);
            }
            return List.of();
        }
        return requests;
    }

    /** Forgets a removed attempt's state. */
    void forget(ApplicationAttemptId attemptId) {
        attemptAsks.remove(attemptId);
        warnedSchedulingRequests.remove(attemptId);
    }
}
