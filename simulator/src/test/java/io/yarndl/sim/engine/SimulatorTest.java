package io.yarndl.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.fifo.FifoPolicy;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TestJobTypes;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.WorkloadGenerator;
import io.yarndl.sim.workload.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SimulatorTest {

    private static final ClusterSpec CLUSTER = new ClusterSpec(4, Resources.of(4, 32, 131_072), 2, "gpu");

    private static List<TraceJob> workload(long seed) {
        return WorkloadGenerator.generate(WorkloadSpec.of(TestJobTypes.mix(), 40, 1.0, CLUSTER.total().gpus(), seed));
    }

    @Test
    void everyJobCompletesAndWorkIsConservedUnderEachPolicy() {
        List<TraceJob> jobs = workload(3);
        long required = jobs.stream().mapToLong(TraceJob::requiredSteps).sum();
        for (SchedulingPolicy policy : List.of(new FifoPolicy(), new OptimusPolicy())) {
            List<JobOutcome> outcomes = new ArrayList<>();

            SimulationResult result = new Simulator(CLUSTER, SimConfig.defaults(1)).run(policy, jobs.iterator(),
                    outcomes::add);

            assertEquals(jobs.size(), result.jobs(), policy.name());
            assertEquals(jobs.size(), outcomes.size(), policy.name());
            assertEquals(required, outcomes.stream().mapToLong(JobOutcome::stepsDone).sum(), policy.name());
            for (JobOutcome outcome : outcomes) {
                assertEquals(outcome.requiredSteps(), outcome.stepsDone(), outcome.jobId());
                assertTrue(outcome.jctSec() >= outcome.isolatedJctSec() - 1e-6,
                        outcome.jobId() + " beat its isolated lower bound: " + outcome);
            }
            assertTrue(result.gpuUtilisation() > 0 && result.gpuUtilisation() <= 1, "utilisation " + result);
        }
    }

    @Test
    void sameSeedGivesTheSameRun() {
        List<TraceJob> jobs = workload(5);
        Simulator simulator = new Simulator(CLUSTER, SimConfig.defaults(9));
        List<JobOutcome> first = new ArrayList<>();
        List<JobOutcome> second = new ArrayList<>();

        simulator.run(new OptimusPolicy(), jobs.iterator(), first::add);
        simulator.run(new OptimusPolicy(), jobs.iterator(), second::add);

        assertEquals(first, second);
    }

    @Test
    void fixedSizeJobAloneFinishesAtItsIsolatedTime() {
        TraceJob job = new TraceJob("only", 0, "alice", TestJobTypes.SMALL_MODEL, 2, 0, 2, 2, 0, 0, 36_000);
        List<JobOutcome> outcomes = new ArrayList<>();

        new Simulator(CLUSTER, SimConfig.defaults(1)).run(new FifoPolicy(), List.of(job).iterator(), outcomes::add);

        // 36,000 steps at 20 steps/s is 1,800 s, after the 30 s start-up overhead.
        assertEquals(1_830, outcomes.get(0).jctSec(), 1e-6);
        assertEquals(0, outcomes.get(0).resizes());
    }

    @Test
    void rewardsOfAWholeRunSumToTheNumberOfJobs() {
        List<TraceJob> jobs = workload(7);
        for (SchedulingPolicy policy : List.of(new FifoPolicy(), new OptimusPolicy())) {
            double[] total = {0};
            int[] heard = {0};

            SimulationResult result = new Simulator(CLUSTER, SimConfig.defaults(2)).run(policy, jobs.iterator(),
                    outcome -> { }, (round, timeSec, reward) -> {
                        assertEquals(heard[0]++, round, "rounds are heard in order");
                        assertTrue(reward >= 0, "negative reward " + reward + " in round " + round);
                        total[0] += reward;
                        return true;
                    });

            assertEquals(result.rounds(), heard[0], policy.name());
            assertEquals(jobs.size(), total[0], 1e-6 * jobs.size(), policy.name());
        }
    }

    @Test
    void listenerEndsTheRunAtItsHorizonWithTheJobsFinishedSoFar() {
        List<TraceJob> jobs = workload(7);
        SimulationResult full = new Simulator(CLUSTER, SimConfig.defaults(2)).run(new FifoPolicy(), jobs.iterator(),
                outcome -> { });
        List<JobOutcome> finished = new ArrayList<>();
        int horizon = (int) (full.rounds() / 2);

        SimulationResult cut = new Simulator(CLUSTER, SimConfig.defaults(2)).run(new FifoPolicy(), jobs.iterator(),
                finished::add, (round, timeSec, reward) -> round + 1 < horizon);

        assertEquals(horizon, cut.rounds());
        assertEquals(finished.size(), cut.jobs());
        assertTrue(cut.jobs() < jobs.size(), "a run cut in half cannot finish every job: " + cut);
        assertEquals(finished.stream().mapToDouble(JobOutcome::jctSec).average().orElse(Double.NaN), cut.avgJctSec(),
                1e-6);
    }

    @Test
    void refusesAPlanThatOvercommitsANode() {
        SchedulingPolicy greedy = new SchedulingPolicy() {
            @Override
            public String name() {
                return "overcommit";
            }

            @Override
            public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
                String node = snapshot.nodes().get(0).id();
                return Plan.of(snapshot.timeSec(), name(), jobs.stream()
                        .map(job -> JobPlan.placed(job.id(), new Allocation(Map.of(node, new TaskCount(2, 0))), "all on one"))
                        .toList());
            }
        };
        List<TraceJob> jobs = List.of(
                new TraceJob("a", 0, "u", TestJobTypes.SMALL_MODEL, 2, 0, 1, 2, 0, 0, 1_000),
                new TraceJob("b", 0, "u", TestJobTypes.SMALL_MODEL, 2, 0, 1, 2, 0, 0, 1_000),
                new TraceJob("c", 0, "u", TestJobTypes.SMALL_MODEL, 2, 0, 1, 2, 0, 0, 1_000));

        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> new Simulator(CLUSTER, SimConfig.defaults(1)).run(greedy, jobs.iterator(), outcome -> { }));

        assertTrue(error.getMessage().contains("over-committed node"), error.getMessage());
    }

    @Test
    void refusesAJobBiggerThanTheCluster() {
        TraceJob huge = new TraceJob("huge", 0, "u", TestJobTypes.ALLREDUCE_MODEL, 20, 0, 20, 32, 0, 0, 1_000);

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new Simulator(CLUSTER, SimConfig.defaults(1)).run(new FifoPolicy(), List.of(huge).iterator(),
                        outcome -> { }));

        assertTrue(error.getMessage().contains("huge"), error.getMessage());
    }
}
