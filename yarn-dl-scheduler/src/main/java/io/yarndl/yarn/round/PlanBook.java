package io.yarndl.yarn.round;

import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The plan in force and what happened to the rounds that made it. Written by the round thread,
 * read lock-free by every {@code allocate()} call; a failed or timed-out round leaves the last good
 * plan in force.
 */
public final class PlanBook {

    /** How many changes of a job's target are kept for people and tests to read. */
    private static final int HISTORY_LIMIT = 1000;

    private final AtomicReference<Plan> current = new AtomicReference<>(new Plan(0, "none", Map.of()));
    private final AtomicLong rounds = new AtomicLong();
    private final AtomicLong failedRounds = new AtomicLong();
    private final AtomicLong timedOutRounds = new AtomicLong();
    private final AtomicLong invalidPlans = new AtomicLong();
    private final AtomicLong lastRoundNanos = new AtomicLong();
    private final Deque<TargetChange> history = new ArrayDeque<>();

    /** One change of a job's planned size. */
    public record TargetChange(double timeSec, String jobId, int workers, int ps, String reason) {
    }

    public Plan current() {
        return current.get();
    }

    /** The current target of a job; a job the plan does not name waits. */
    public JobPlan target(String jobId) {
        return current.get().target(jobId);
    }

    /** Puts {@code plan} in force and notes which jobs' targets changed. */
    public void record(Plan plan, long roundNanos) {
        Plan previous = current.getAndSet(plan);
        rounds.incrementAndGet();
        lastRoundNanos.set(roundNanos);
        synchronized (history) {
            for (JobPlan decision : plan.jobs().values()) {
                JobPlan before = previous.jobs().get(decision.jobId());
                if (before == null || before.workers() != decision.workers() || before.ps() != decision.ps()) {
                    history.addLast(new TargetChange(plan.timeSec(), decision.jobId(), decision.workers(),
                            decision.ps(), decision.reason()));
                    if (history.size() > HISTORY_LIMIT) {
                        history.removeFirst();
                    }
                }
            }
        }
    }

    /**
     * Puts back the plan and round count a previous scheduler checkpointed, before this one's first
     * round: until then, {@code allocate()} enforces what the old scheduler decided.
     */
    public void restore(Plan plan, long roundsBefore) {
        current.set(plan);
        rounds.set(roundsBefore);
    }

    /**
     * Puts back the target changes a previous scheduler checkpointed, before this one's first
     * round, so the history people read goes on across the restart. Oldest first.
     */
    public void restoreHistory(List<TargetChange> changes) {
        synchronized (history) {
            history.clear();
            for (TargetChange change : changes) {
                history.addLast(change);
                if (history.size() > HISTORY_LIMIT) {
                    history.removeFirst();
                }
            }
        }
    }

    public void recordFailure() {
        failedRounds.incrementAndGet();
    }

    public void recordTimeout() {
        timedOutRounds.incrementAndGet();
    }

    /** A round whose plan {@link io.yarndl.core.policy.PlanValidator} refused; the last good plan stays. */
    public void recordInvalid() {
        invalidPlans.incrementAndGet();
    }

    public long rounds() {
        return rounds.get();
    }

    public long failedRounds() {
        return failedRounds.get();
    }

    public long timedOutRounds() {
        return timedOutRounds.get();
    }

    public long invalidPlans() {
        return invalidPlans.get();
    }

    public long lastRoundNanos() {
        return lastRoundNanos.get();
    }

    /** Target changes, oldest first (the last {@value #HISTORY_LIMIT}). */
    public List<TargetChange> history() {
        synchronized (history) {
            return List.copyOf(history);
        }
    }
}
