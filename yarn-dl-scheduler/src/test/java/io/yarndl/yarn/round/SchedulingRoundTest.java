package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchedulingRoundTest {

    private static final DlJobState JOB = new DlJobState(new JobSpec("application_1_0001", "toy", "alice", "root.dl",
            Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS, Resources.of(1, 1, 1024), Resources.ZERO,
            1, 4, 0, 0, 2, 0, 32, TrainingGoal.steps(100)), 0, List.of(), List.of());

    private final AtomicInteger calls = new AtomicInteger();

    @Test
    void keepsTheLastGoodPlanWhenThePolicyThrows() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("flaky", book, Duration.ofSeconds(5));

        assertTrue(round.run(1, List.of(), List.of(JOB)).isPresent());
        assertTrue(round.run(2, List.of(), List.of(JOB)).isEmpty());

        assertEquals(3, book.target(JOB.id()).workers());
        assertEquals(1, book.failedRounds());
        assertEquals(1, book.rounds());
    }

    @Test
    void abandonsAPolicyThatOverrunsItsTimeoutAndUsesAFreshOneNextRound() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("slow-once", book, Duration.ofMillis(200));

        assertTrue(round.run(1, List.of(), List.of(JOB)).isEmpty());
        assertEquals(1, book.timedOutRounds());
        assertTrue(round.run(2, List.of(), List.of(JOB)).isPresent(), "the next round must not wait on the stuck one");
        assertEquals(3, book.target(JOB.id()).workers());
    }

    @Test
    void rejectsAPlanThatGivesAJobFewerWorkersThanItsMinimum() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("too-big", book, Duration.ofSeconds(5));

        assertTrue(round.run(1, List.of(), List.of(JOB)).isEmpty());
        assertEquals(0, book.target(JOB.id()).workers(), "a job the plan does not name waits");
        assertEquals(1, book.failedRounds());
    }

    @Test
    void recordsTargetChangesOnlyWhenATargetChanges() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("steady", book, Duration.ofSeconds(5));

        round.run(1, List.of(), List.of(JOB));
        round.run(2, List.of(), List.of(JOB));

        assertEquals(1, book.history().size());
        assertEquals(3, book.history().get(0).workers());
    }

    private SchedulingRound round(String behaviour, PlanBook book, Duration timeout) {
        PolicyRegistry registry = new PolicyRegistry().register(behaviour, () -> new Scripted(behaviour, calls));
        return new SchedulingRound(new PolicyRunner(registry, behaviour, timeout), book);
    }

    /** A policy that misbehaves on cue: the failures the round must survive. */
    private record Scripted(String name, AtomicInteger calls) implements SchedulingPolicy {
        @Override
        public Plan plan(io.yarndl.core.cluster.ClusterSnapshot snapshot, List<io.yarndl.core.job.JobView> jobs) {
            int call = calls.incrementAndGet();
            switch (name) {
                case "flaky" -> {
                    if (call == 2) {
                        throw new IllegalStateException("model blew up");
                    }
                }
                case "slow-once" -> {
                    if (call == 1) {
                        try {
                            Thread.sleep(60_000);
                        } catch (InterruptedException stopped) {
                            Thread.currentThread().interrupt();
                        }
                    }
                }
                case "too-big" -> {
                    return new Plan(snapshot.timeSec(), name, Map.of(JOB.id(),
                            new JobPlan(JOB.id(), 9, 0, io.yarndl.core.job.Allocation.NONE, "greedy")));
                }
                default -> {
                }
            }
            return new Plan(snapshot.timeSec(), name, Map.of(JOB.id(),
                    new JobPlan(JOB.id(), 3, 0, io.yarndl.core.job.Allocation.NONE, "scripted")));
        }
    }
}
