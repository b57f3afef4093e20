package io.yarndl.yarn.enforce;

import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.yarn.round.TaskRole;
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

/**
 * Shrinks deep-learning jobs that hold more than their plan: it marks the surplus containers for
 * preemption (the AM's next allocate response carries a {@code PreemptionMessage} naming them, so
 * it can checkpoint and release them itself) and kills those still held once the grace period has
 * passed. A job whose target rises again before then keeps its containers.
 *
 * <p>Victims: first containers on nodes where the job holds more than its placement plans, then
 * the youngest, so the longest-running workers stay. The round thread marks and spares
 * ({@link #enforce}), the {@link KillTimer}'s thread kills ({@link #killExpired}): both hold this
 * object's lock, so a container the round spares is never killed after it was spared.
 */
public final class ShrinkEnforcer {

    private static final Logger LOG = LoggerFactory.getLogger(ShrinkEnforcer.class);

    /** What the enforcer asks of the scheduler; both must return at once (dispatch an event). */
    public interface Actions {
        void markForPreemption(ApplicationAttemptId attempt, RMContainer container);

        void kill(ApplicationAttemptId attempt, RMContainer container);
    }

    private record Mark(ApplicationAttemptId attempt, RMContainer container, long markedAtMillis) {
    }

    private final Duration grace;
    private final Actions actions;
    private final Map<ContainerId, Mark> marks = new ConcurrentHashMap<>();

    public ShrinkEnforcer(Duration grace, Actions actions) {
        this.grace = grace;
        this.actions = actions;
    }

    /**
     * Marks the surplus of one attempt, or unmarks what is no longer surplus.
     *
     * @param held    the attempt's worker and PS containers (not the AM's)
     * @param nodeOf  the scheduler's node name of a container
     */
    public synchronized void enforce(ApplicationAttemptId attempt, JobPlan target, List<RMContainer> held,
                        Function<RMContainer, String> nodeOf, Function<RMContainer, TaskRole> roleOf, long nowMillis) {
        for (TaskRole role : TaskRole.values()) {
            List<RMContainer> ofRole = held.stream().filter(c -> roleOf.apply(c) == role).toList();
            int keep = count(new TaskCount(target.workers(), target.ps()), role);
            int surplus = ofRole.size() - keep;
            List<RMContainer> marked = ofRole.stream().filter(c -> marks.containsKey(c.getContainerId())).toList();
            if (surplus > marked.size()) {
                Predicate<RMContainer> unmarked = c -> !marks.containsKey(c.getContainerId());
                List<RMContainer> candidates = victimOrder(ofRole.stream().filter(unmarked).toList(), target, role, nodeOf);
                for (RMContainer victim : candidates.subList(0, surplus - marked.size())) {
                    marks.put(victim.getContainerId(), new Mark(attempt, victim, nowMillis));
                    LOG.info("shrinking {} to {} {}s: container {} marked for preemption, killed after {} ms unless released",
                            attempt.getApplicationId(), keep, role, victim.getContainerId(), grace.toMillis());
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
                LOG.info("{}: grace period of {} ms over, killing container {}", mark.attempt().getApplicationId(),
                        grace.toMillis(), id);
                actions.kill(mark.attempt(), mark.container());
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
