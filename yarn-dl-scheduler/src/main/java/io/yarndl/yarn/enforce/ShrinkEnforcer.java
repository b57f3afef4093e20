package io.yarndl.yarn.enforce;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.round.TaskRole;
import io.yarndl.yarn.round.YarnResources;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * Shrinks deep-learning jobs that hold more than their plan: it marks the surplus containers for
 * preemption (the AM's next allocate response carries a {@code PreemptionMessage} naming them, so
 * it can checkpoint and release them itself) and kills those still held once the grace period has
 * passed. A job whose target rises again before then keeps its containers.
 *
 * <p>Moves between GPU types: where the plan puts a job's workers on nodes of one GPU type
 * ({@link io.yarndl.core.policy.PlanValidator} allows no more than one) and the job holds GPU
 * workers on nodes of another type, those are surplus whatever the job's size: a job's workers
 * train in lock-step on one type, and a policy such as Gavel's moves whole jobs between types. The
 * AM checkpoints and releases them, and its asks, capped at the plan less what it holds, then
 * open on the planned nodes ({@link AskShaper}): the job resumes on the new type. Within one type
 * running containers are never moved.
 *
 * <p>Victims: first workers on another GPU type than planned, then containers on nodes where the
 * job holds more than its placement plans, then the youngest, so the longest-running workers stay. The round thread marks and spares
 * ({@link #enforce}), the {@link KillTimer}'s thread kills ({@link #killExpired}): both hold this
 * object's lock, so a container the round spares is never killed after it was spared.
 */
public final class ShrinkEnforcer {

    private static final Logger LOG = LoggerFactory.getLogger(ShrinkEnforcer.class);

    /** What the enforcer asks of the scheduler; both must return at once (dispatch an event). */
    public interface Actions {
        void markForPreemption(ApplicationAttemptId attempt, RMContainer container);

        /** @param sinceMarked how long after its mark the container is killed: the grace it was given */
        void kill(ApplicationAttemptId attempt, RMContainer container, Duration sinceMarked);
    }

    private record Mark(ApplicationAttemptId attempt, RMContainer container, long markedAtMillis) {
    }

    private final Duration grace;
    private final Actions actions;
    private final ToIntFunction<RMContainer> gpusOf;
    private final Map<ContainerId, Mark> marks = new ConcurrentHashMap<>();

    public ShrinkEnforcer(Duration grace, Actions actions) {
        this(grace, actions, container -> container.getAllocatedResource() == null ? 0
                : YarnResources.gpus(container.getAllocatedResource()));
    }

    /** @param gpusOf how many GPUs a container holds (tests, which declare no resource types) */
    ShrinkEnforcer(Duration grace, Actions actions, ToIntFunction<RMContainer> gpusOf) {
        this.grace = grace;
        this.actions = actions;
        this.gpusOf = gpusOf;
    }

    /** Marks the surplus of one attempt, on a cluster whose nodes say no GPU type (tests). */
    public synchronized void enforce(ApplicationAttemptId attempt, JobPlan target, List<RMContainer> held,
                        Function<RMContainer, String> nodeOf, Function<RMContainer, TaskRole> roleOf, long nowMillis) {
        enforce(attempt, target, held, nodeOf, roleOf, node -> Node.UNKNOWN_GPU_TYPE, nowMillis);
    }

    /**
     * Marks the surplus of one attempt, or unmarks what is no longer surplus.
     *
     * @param held      the attempt's worker and PS containers (not the AM's)
     * @param nodeOf    the scheduler's node name of a container
     * @param gpuTypeOf the GPU type of a node, by its name, as the round read it
     */
    public synchronized void enforce(ApplicationAttemptId attempt, JobPlan target, List<RMContainer> held,
                        Function<RMContainer, String> nodeOf, Function<RMContainer, TaskRole> roleOf,
                        Function<String, String> gpuTypeOf, long nowMillis) {
        String plannedType = plannedWorkerType(target, gpuTypeOf);
        Predicate<RMContainer> onAnotherType = c -> plannedType != null
                && !plannedType.equals(gpuTypeOf.apply(nodeOf.apply(c)))
                && roleOf.apply(c) == TaskRole.WORKER && gpusOf.applyAsInt(c) > 0;
        for (TaskRole role : TaskRole.values()) {
            List<RMContainer> ofRole = held.stream().filter(c -> roleOf.apply(c) == role).toList();
            int moving = (int) ofRole.stream().filter(onAnotherType).count();
            int keep = Math.min(count(new TaskCount(target.workers(), target.ps()), role), ofRole.size() - moving);
            int surplus = ofRole.size() - keep;
            List<RMContainer> marked = ofRole.stream().filter(c -> marks.containsKey(c.getContainerId())).toList();
            if (surplus > marked.size()) {
                Predicate<RMContainer> unmarked = c -> !marks.containsKey(c.getContainerId());
                List<RMContainer> candidates = new ArrayList<>(ofRole.stream().filter(unmarked.and(onAnotherType)).toList());
                candidates.addAll(victimOrder(ofRole.stream().filter(unmarked.and(onAnotherType.negate())).toList(),
                        target, role, nodeOf));
                for (RMContainer victim : candidates.subList(0, surplus - marked.size())) {
                    marks.put(victim.getContainerId(), new Mark(attempt, victim, nowMillis));
                    if (onAnotherType.test(victim)) {
                        LOG.info("moving {} to GPU type {}: container {} on {} marked for preemption, killed after {} ms"
                                + " unless released", attempt.getApplicationId(), plannedType, victim.getContainerId(),
                                gpuTypeOf.apply(nodeOf.apply(victim)), grace.toMillis());
                    } else {
                        LOG.info("shrinking {} to {} {}s: container {} marked for preemption, killed after {} ms unless"
                                + " released", attempt.getApplicationId(), keep, role, victim.getContainerId(),
                                grace.toMillis());
                    }
                    actions.markForPreemption(attempt, victim);
                }
            } else if (surplus < marked.size()) {
                // The target rose again: spare the most recently marked first.
                List<RMContainer> spare = new ArrayList<>(marked);
                spare.sort(Comparator.comparingLong((RMContainer c) -> marks.get(c.getContainerId()).markedAtMillis()).reversed());
                for (RMContainer spared : spare.subList(0, marked.size() - Math.max(0, surplus))) {
                    marks.remove(spared.getContainerId());
                    LOG.info("{}: container {} no longer surplus, it will not be killed",
                            attempt.getApplicationId(), spared.getContainerId());
                }
            }
        }
    }

    /**
     * Kills marked containers whose grace period has passed and forgets those already gone.
     *
     * @param stillHeld whether a container is still allocated in the scheduler
     */
    public synchronized void killExpired(long nowMillis, Predicate<ContainerId> stillHeld) {
        for (Mark mark : List.copyOf(marks.values())) {
            ContainerId id = mark.container().getContainerId();
            if (!stillHeld.test(id)) {
                marks.remove(id);
            } else if (nowMillis - mark.markedAtMillis() >= grace.toMillis()) {
                marks.remove(id);
                long sinceMarked = nowMillis - mark.markedAtMillis();
                LOG.info("{}: grace period of {} ms over, killing container {} {} ms after its mark",
                        mark.attempt().getApplicationId(), grace.toMillis(), id, sinceMarked);
                actions.kill(mark.attempt(), mark.container(), Duration.ofMillis(sinceMarked));
            }
        }
    }

    /** Drops the marks of a finished attempt. */
    public synchronized void forget(ApplicationAttemptId attempt) {
        marks.values().removeIf(mark -> mark.attempt().equals(attempt));
    }

    public int pendingKills() {
        return marks.size();
    }

    /** The one GPU type of the nodes the plan puts the job's workers on; null when none or several. */
    private static String plannedWorkerType(JobPlan target, Function<String, String> gpuTypeOf) {
        String type = null;
        for (Map.Entry<String, TaskCount> node : target.placement().byNode().entrySet()) {
            if (node.getValue().workers() > 0) {
                String nodeType = gpuTypeOf.apply(node.getKey());
                if (type != null && !type.equals(nodeType)) {
                    return null;
                }
                type = nodeType;
            }
        }
        return type;
    }

    private static List<RMContainer> victimOrder(List<RMContainer> candidates, JobPlan target, TaskRole role,
                                                 Function<RMContainer, String> nodeOf) {
        Map<String, Integer> excess = new HashMap<>();
        if (!target.placement().isEmpty()) {
            for (RMContainer c : candidates) {
                excess.merge(nodeOf.apply(c), 1, Integer::sum);
            }
            target.placement().byNode().forEach((node, count) ->
                    excess.merge(node, -count(count, role), Integer::sum));
        }
        List<RMContainer> youngestFirst = new ArrayList<>(candidates);
        youngestFirst.sort(Comparator.comparing(RMContainer::getContainerId).reversed());
        List<RMContainer> ordered = new ArrayList<>(candidates.size());
        for (RMContainer c : youngestFirst) {
            String node = nodeOf.apply(c);
            if (excess.getOrDefault(node, 0) > 0) {
                ordered.add(c);
                excess.merge(node, -1, Integer::sum);
            }
        }
        for (RMContainer c : youngestFirst) {
            if (!ordered.contains(c)) {
                ordered.add(c);
            }
        }
        return ordered;
    }

    private static int count(TaskCount tasks, TaskRole role) {
        return role == TaskRole.WORKER ? tasks.workers() : tasks.ps();
    }
}
