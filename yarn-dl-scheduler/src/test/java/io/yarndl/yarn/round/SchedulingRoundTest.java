package io.yarndl.yarn.round;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.yarn.metrics.RoundMetrics;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import com.codahale.metrics.Timer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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

    /** A node with room for four of the job's workers. */
    private static final List<NodeReading> NODES = List.of(node("node-1", 4));

    private final AtomicInteger calls = new AtomicInteger();

    private static NodeReading node(String name, int gpus) {
        Resources room = Resources.of(gpus, gpus, gpus * 1024L);
        return new NodeReading(name, "/default-rack", "", room, room, List.of());
    }

    @Test
    void keepsTheLastGoodPlanWhenThePolicyThrows() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("flaky", book, Duration.ofSeconds(5));

        assertTrue(round.run(1, NODES, List.of(JOB)).isPresent());
        assertTrue(round.run(2, NODES, List.of(JOB)).isEmpty());

        assertEquals(3, book.target(JOB.id()).workers());
        assertEquals(1, book.failedRounds());
        assertEquals(1, book.rounds());
    }

    @Test
    void abandonsAPolicyThatOverrunsItsTimeoutAndUsesAFreshOneNextRound() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("slow-once", book, Duration.ofMillis(200));

        assertTrue(round.run(1, NODES, List.of(JOB)).isEmpty());
        assertEquals(1, book.timedOutRounds());
        assertTrue(round.run(2, NODES, List.of(JOB)).isPresent(), "the next round must not wait on the stuck one");
        assertEquals(3, book.target(JOB.id()).workers());
    }

    @Test
    void refusesAPlanThatGivesAJobMoreWorkersThanItsMaximumAndCountsIt() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("too-big", book, Duration.ofSeconds(5));

        assertTrue(round.run(1, List.of(node("node-1", 16)), List.of(JOB)).isEmpty());
        assertEquals(0, book.target(JOB.id()).workers(), "a job the plan does not name waits");
        assertEquals(1, book.invalidPlans());
        assertEquals(0, book.failedRounds(), "a refused plan is not a failed policy");
    }

    @Test
    void refusesAPlanThatOverCommitsANodeAndKeepsTheLastGoodPlan() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("steady", book, Duration.ofSeconds(5));
        assertTrue(round.run(1, NODES, List.of(JOB)).isPresent());

        // The same three workers no longer fit: the node now offers room for two.
        assertTrue(round.run(2, List.of(node("node-1", 2)), List.of(JOB)).isEmpty());

        assertEquals(3, book.target(JOB.id()).workers(), "the last good plan stays in force");
        assertEquals(1, book.invalidPlans());
        assertEquals(1, book.rounds());
    }

    @Test
    void refusesAPlanPlacingTasksOnANodeTheSnapshotLacks() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("steady", book, Duration.ofSeconds(5));

        assertTrue(round.run(1, List.of(node("node-2", 8)), List.of(JOB)).isEmpty());
        assertEquals(1, book.invalidPlans());
    }

    @Test
    void refusesAPlanThatDecidesNothingForAJob() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("forgetful", book, Duration.ofSeconds(5));

        assertTrue(round.run(1, NODES, List.of(JOB)).isEmpty());
        assertEquals(1, book.invalidPlans());
    }

    @Test
    void refusesAPlanThatSplitsAJobsGpuWorkersOverTwoGpuTypesAndKeepsTheLastGoodPlan() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("mixed-after-one", book, Duration.ofSeconds(5));
        List<NodeReading> typed = List.of(typed("node-1", "V100", 4), typed("node-2", "K80", 4));

        assertTrue(round.run(1, typed, List.of(JOB)).isPresent(), "three workers on the V100 node");
        assertTrue(round.run(2, typed, List.of(JOB)).isEmpty(), "two on the V100 node and one on the K80 node");

        assertEquals(1, book.invalidPlans());
        assertEquals(Map.of("node-1", new TaskCount(3, 0)), book.current().jobs().get(JOB.id()).placement().byNode(),
                "the last good plan stays in force");
    }

    private static NodeReading typed(String name, String gpuType, int gpus) {
        Resources room = Resources.of(gpus, gpus, gpus * 1024L);
        return new NodeReading(name, "/default-rack", gpuType, room, room, List.of());
    }

    @Test
    void recordsTargetChangesOnlyWhenATargetChanges() {
        PlanBook book = new PlanBook();
        SchedulingRound round = round("steady", book, Duration.ofSeconds(5));

        round.run(1, NODES, List.of(JOB));
        round.run(2, NODES, List.of(JOB));

        assertEquals(1, book.history().size());
        assertEquals(3, book.history().get(0).workers());
    }

    @Test
    void recordsTheCpuTimeOfThePolicysThreadBesideTheRoundsWallTime() {
        SchedulerMetrics metrics = new SchedulerMetrics();
        PolicyRegistry registry = new PolicyRegistry()
                .register("busy", () -> new Scripted("busy", calls))
                .register("sleepy", () -> new Scripted("sleepy", calls));
        Timer cpu = metrics.registry().timer(RoundMetrics.ROUNDS_CPU);
        Timer wall = metrics.registry().timer(RoundMetrics.ROUNDS);

        new SchedulingRound(new PolicyRunner(registry, "busy", Duration.ofSeconds(5)), new PlanBook(), metrics.rounds())
                .run(1, NODES, List.of(JOB));
        assertEquals(1, cpu.getCount());
        assertTrue(cpu.getSnapshot().getMax() >= 60_000_000L,
                "a policy using 60 ms of CPU on its own thread: " + cpu.getSnapshot().getMax() + " ns of CPU");

        new SchedulingRound(new PolicyRunner(registry, "sleepy", Duration.ofSeconds(5)), new PlanBook(), metrics.rounds())
                .run(1, NODES, List.of(JOB));
        assertEquals(2, cpu.getCount());
        assertTrue(wall.getSnapshot().getMax() >= 150_000_000L, "the sleeping round's wall time");
        assertTrue(cpu.getSnapshot().getMin() < 100_000_000L,
                "a policy that waits 150 ms uses little CPU: " + cpu.getSnapshot().getMin() + " ns");
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
                case "busy" -> {
                    // Spins until this thread has used 60 ms of CPU, however long a busy machine makes that take.
                    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
                    long until = threads.getCurrentThreadCpuTime() + 60_000_000L;
                    long spins = 0;
                    while (threads.getCurrentThreadCpuTime() < until) {
                        spins++;
                    }
                    assertTrue(spins > 0);
                }
                case "sleepy" -> {
                    try {
                        Thread.sleep(150);
                    } catch (InterruptedException stopped) {
                        Thread.currentThread().interrupt();
                    }
                }
                case "too-big" -> {
                    return new Plan(snapshot.timeSec(), name, Map.of(JOB.id(), onNode1(9, "greedy")));
                }
                case "forgetful" -> {
                    return new Plan(snapshot.timeSec(), name, Map.of());
                }
                case "mixed-after-one" -> {
                    if (call == 2) {
                        return new Plan(snapshot.timeSec(), name, Map.of(JOB.id(), JobPlan.placed(JOB.id(),
                                new Allocation(Map.of("node-1", new TaskCount(2, 0), "node-2", new TaskCount(1, 0))),
                                "split over types")));
                    }
                }
                default -> {
                }
            }
            return new Plan(snapshot.timeSec(), name, Map.of(JOB.id(), onNode1(3, "scripted")));
        }

        private static JobPlan onNode1(int workers, String reason) {
            return JobPlan.placed(JOB.id(), new Allocation(Map.of("node-1", new TaskCount(workers, 0))), reason);
        }
    }
}
