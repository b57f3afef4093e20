package io.yarndl.yarn.enforce;

import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.enforce.AttemptAsks.AskKey;
import io.yarndl.yarn.round.HeldTask;
import io.yarndl.yarn.round.TaskRole;
import org.apache.hadoop.yarn.api.records.ResourceRequest;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Turns a deep-learning AM's asks into the asks CapacityScheduler should hold for it: at most the
 * plan's target minus what the job already holds (counting containers allocated but not yet pulled
 * by the AM), and, where the policy placed the job, node-local asks on the planned nodes with
 * locality relaxation off at rack and ANY level so CapacityScheduler grants them nowhere else.
 *
 * <p>The AM's own node and rack asks are dropped: the policy places. Running containers are never
 * moved: placement applies to the containers still to be granted.
 */
public final class AskShaper {

    /**
     * The asks to hand CapacityScheduler for one heartbeat of a deep-learning attempt.
     *
     * @param state    the attempt's remembered asks (updated with {@code incoming})
     * @param incoming what the AM sent this heartbeat (often nothing)
     * @param target   the plan's decision for the job
     * @param held     the job's worker and PS containers now, minus those it releases this heartbeat
     * @param rackOf   the rack of a node name, or null for a node the scheduler no longer knows
     */
    public List<ResourceRequest> shape(AttemptAsks state, List<ResourceRequest> incoming, JobPlan target,
                                       List<HeldTask> held, Function<String, String> rackOf) {
        for (ResourceRequest request : incoming) {
            if (ResourceRequest.isAnyLocation(request.getResourceName())) {
                state.rememberAmAsk(request);
            }
        }
        Map<TaskRole, Integer> heldByRole = new EnumMap<>(TaskRole.class);
        Map<TaskRole, Map<String, Integer>> heldByNode = new EnumMap<>(TaskRole.class);
        for (HeldTask task : held) {
            heldByRole.merge(task.role(), 1, Integer::sum);
            heldByNode.computeIfAbsent(task.role(), r -> new TreeMap<>()).merge(task.nodeName(), 1, Integer::sum);
        }
        Map<TaskRole, Integer> room = new EnumMap<>(TaskRole.class);
        room.put(TaskRole.WORKER, Math.max(0, target.workers() - heldByRole.getOrDefault(TaskRole.WORKER, 0)));
        room.put(TaskRole.PARAMETER_SERVER, Math.max(0, target.ps() - heldByRole.getOrDefault(TaskRole.PARAMETER_SERVER, 0)));

        List<ResourceRequest> shaped = new ArrayList<>();
        for (Map.Entry<AskKey, ResourceRequest> entry : state.amAsks().entrySet()) {
            TaskRole role = TaskRole.ofPriority(entry.getKey().priority());
            ResourceRequest amAsk = entry.getValue();
            int wanted = Math.min(amAsk.getNumContainers(), room.get(role));
            Map<String, Integer> local = target.placement().isEmpty() || wanted == 0
                    ? Map.of()
                    : plannedDeficits(target, role, heldByNode.getOrDefault(role, Map.of()), wanted, rackOf);
            if (!local.isEmpty()) {
                wanted = local.values().stream().mapToInt(Integer::intValue).sum();
            }
            room.put(role, room.get(role) - wanted);
            shaped.addAll(asks(amAsk, wanted, local, rackOf, state.localNamesSent(entry.getKey())));
        }
        return shaped;
    }

    /** Per planned node, how many more containers of {@code role} it should get, at most {@code wanted} in all. */
    private static Map<String, Integer> plannedDeficits(JobPlan target, TaskRole role, Map<String, Integer> heldOnNode,
                                                        int wanted, Function<String, String> rackOf) {
        Map<String, Integer> deficits = new LinkedHashMap<>();
        int left = wanted;
        for (Map.Entry<String, TaskCount> planned : target.placement().byNode().entrySet()) {
            String node = planned.getKey();
            int plannedCount = role == TaskRole.WORKER ? planned.getValue().workers() : planned.getValue().ps();
            int deficit = Math.min(left, plannedCount - heldOnNode.getOrDefault(node, 0));
            if (deficit > 0 && rackOf.apply(node) != null) {
                deficits.put(node, deficit);
                left -= deficit;
            }
        }
        return deficits;
    }

    private static List<ResourceRequest> asks(ResourceRequest amAsk, int wanted, Map<String, Integer> perNode,
                                              Function<String, String> rackOf, Set<String> sentBefore) {
        List<ResourceRequest> out = new ArrayList<>();
        Set<String> sentNow = new HashSet<>();
        if (!perNode.isEmpty()) {
            Map<String, Integer> perRack = new TreeMap<>();
            perNode.forEach((node, count) -> {
                out.add(copy(amAsk, node, count, true));
                sentNow.add(node);
                perRack.merge(rackOf.apply(node), count, Integer::sum);
            });
            perRack.forEach((rack, count) -> {
                out.add(copy(amAsk, rack, count, false));
                sentNow.add(rack);
            });
        }
        // Names asked for before but not now must be zeroed, or CapacityScheduler keeps them.
        for (String stale : sentBefore) {
            if (!sentNow.contains(stale)) {
                out.add(copy(amAsk, stale, 0, true));
            }
        }
        sentBefore.clear();
        sentBefore.addAll(sentNow);
        out.add(copy(amAsk, ResourceRequest.ANY, wanted, perNode.isEmpty()));
        return out;
    }

    private static ResourceRequest copy(ResourceRequest amAsk, String resourceName, int count, boolean relax) {
        ResourceRequest ask = ResourceRequest.clone(amAsk);
        ask.setResourceName(resourceName);
        ask.setNumContainers(count);
        ask.setRelaxLocality(relax);
        return ask;
    }
}
