package io.yarndl.core.policy.gavel;

import static io.yarndl.core.testing.Clusters.typed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PlanValidator;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.throughput.ThroughputProfile;
import io.yarndl.core.throughput.TypeThroughputs;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Gavel's round-based mechanism around its LPs, on snapshots of two GPU types. */
class GavelPolicyTest {

    /** 7.2x faster on a V100 than on a K80 in Gavel's measurements. */
    private static final String RESNET = "ResNet-50 (batch size 128)";
    /** 0.66x: faster on a K80 than on a V100. */
    private static final String RECOMMENDATION = "Recommendation (batch size 1024)";

    private static final ClusterSnapshot ONE_EACH = new ClusterSnapshot(0,
            List.of(typed("v100-0", "V100", 1), typed("k80-0", "K80", 1)));

    private static Plan checked(SchedulingPolicy policy, ClusterSnapshot snapshot, List<JobView> jobs) {
        Plan plan = policy.plan(snapshot, jobs);
        PlanValidator.check(plan, snapshot, jobs.stream().map(JobView::spec).toList());
        return plan;
    }

    private static ClusterSnapshot at(ClusterSnapshot snapshot, double timeSec) {
        return new ClusterSnapshot(timeSec, snapshot.nodes());
    }

    @Test
    void runsTheJobThatGainsMostFromTheFastTypeOnItAndTheOtherOnTheSlowType() {
        List<JobView> jobs = List.of(Jobs.job("recommendation").family(RECOMMENDATION).build(),
                Jobs.job("resnet").family(RESNET).build());
        Plan plan = checked(PolicyRegistry.standard().create("gavel-max-min-fairness-perf"), ONE_EACH, jobs);
        assertEquals(Set.of("v100-0"), plan.target("resnet").placement().byNode().keySet());
        assertEquals(Set.of("k80-0"), plan.target("recommendation").placement().byNode().keySet());
    }

    @Test
    void receivedSharesConvergeToTheLpAllocationOverRounds() {
        // Three one-GPU jobs on two GPUs: max-min fairness gives each job 2/3 of a GPU's time over time.
        SchedulingPolicy policy = PolicyRegistry.standard().create("gavel-max-min-fairness");
        ClusterSnapshot cluster = new ClusterSnapshot(0, List.of(typed("a", "V100", 1), typed("b", "V100", 1)));
        List<String> ids = List.of("j0", "j1", "j2");
        List<Allocation> held = new ArrayList<>(List.of(Allocation.NONE, Allocation.NONE, Allocation.NONE));
        int[] roundsRun = new int[3];
        int rounds = 30;
        for (int round = 0; round < rounds; round++) {
            List<JobView> jobs = new ArrayList<>();
            for (int j = 0; j < 3; j++) {
                jobs.add(Jobs.job(ids.get(j)).running(held.get(j)).build());
            }
            Plan plan = checked(policy, at(cluster, round * GavelPolicy.DEFAULT_ROUND_SEC), jobs);
            for (int j = 0; j < 3; j++) {
                held.set(j, plan.target(ids.get(j)).placement());
                roundsRun[j] += held.get(j).isEmpty() ? 0 : 1;
            }
        }
        for (int j = 0; j < 3; j++) {
            assertEquals(2.0 / 3, roundsRun[j] / (double) rounds, 0.05, "job " + j + " ran " + roundsRun[j] + " rounds");
        }
    }

    @Test
    void keepsRunningJobsWithinARoundAndGivesAFreedGpuToAWaitingJob() {
        SchedulingPolicy policy = PolicyRegistry.standard().create("gavel-max-min-fairness-perf");
        ClusterSnapshot cluster = new ClusterSnapshot(0, List.of(typed("a", "V100", 1), typed("b", "V100", 1)));
        Plan first = checked(policy, cluster, List.of(Jobs.job("j0").build(), Jobs.job("j1").build(),
                Jobs.job("j2").build()));
        List<String> running = first.jobs().values().stream().filter(p -> p.runs()).map(p -> p.jobId()).toList();
        String waiting = first.jobs().values().stream().filter(p -> !p.runs()).findFirst().orElseThrow().jobId();
        assertEquals(2, running.size());

        // One minute later the first runner has finished: the other keeps its node, the waiting job gets the free one.
        String stays = running.get(1);
        JobView stayer = Jobs.job(stays).running(first.target(stays).placement()).build();
        Plan second = checked(policy, at(cluster, 60), List.of(stayer, Jobs.job(waiting).build()));
        assertEquals(first.target(stays).placement(), second.target(stays).placement());
        assertTrue(second.target(stays).reason().contains("until the round ends"), second.target(stays).reason());
        assertTrue(second.target(waiting).runs(), second.target(waiting).reason());
    }

    /** A Gavel policy of 360 s rounds whose objective, called name, solves with solve. */
    private static GavelPolicy policyOf(String name, java.util.function.Function<AllocationProblem, TimeFractions> solve) {
        AllocationObjective objective = new AllocationObjective() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public TimeFractions solve(AllocationProblem problem) {
                return solve.apply(problem);
            }
        };
        return new GavelPolicy(new GavelObjectives.GavelObjective("gavel-" + name, name, objective, true),
                new TypeThroughputs(ThroughputProfile.gavel()), 360, new PackingPlacement());
    }

    @Test
    void aSolverFailureNeverFailsTheRound() {
        GavelPolicy policy = policyOf("failing", problem -> {
            throw new AllocationSolverException("failing", "no allocation", "INFEASIBLE");
        });
        Plan plan = checked(policy, ONE_EACH, List.of(Jobs.job("j0").build(), Jobs.job("j1").submittedAt(1).build()));
        assertTrue(plan.target("j0").runs());
        assertTrue(plan.target("j1").runs());
        assertTrue(plan.target("j0").reason().contains("no LP shares this round: failing: no allocation (solver state INFEASIBLE)"),
                plan.target("j0").reason());
    }

    @Test
    void solvesOncePerRoundForTheSameJobsAndAgainWhenTheJobsChange() {
        int[] solves = new int[1];
        GavelPolicy policy = policyOf("counting", problem -> {
            solves[0]++;
            return new MaxMinFairness().solve(problem);
        });
        List<JobView> two = List.of(Jobs.job("j0").build(), Jobs.job("j1").submittedAt(1).build());
        checked(policy, ONE_EACH, two);
        checked(policy, at(ONE_EACH, 10), two);
        checked(policy, at(ONE_EACH, 20), two);
        assertEquals(1, solves[0], "the same jobs within a round");
        checked(policy, at(ONE_EACH, 30), List.of(two.get(0)));
        assertEquals(2, solves[0], "a job left");
        checked(policy, at(ONE_EACH, 400), List.of(two.get(0)));
        assertEquals(3, solves[0], "a new round");
    }

    @Test
    void plansNothingForNoJobsAndLetsJobsWaitOnAClusterWithoutGpus() {
        SchedulingPolicy policy = PolicyRegistry.standard().create("gavel-finish-time-fairness-perf");
        assertTrue(checked(policy, ONE_EACH, List.of()).jobs().isEmpty());
        ClusterSnapshot cpuOnly = new ClusterSnapshot(0, List.of(new Node("cpu", "/r", "none",
                Resources.of(0, 64, 262_144), Resources.of(0, 64, 262_144))));
        Plan plan = checked(policy, at(cpuOnly, 360), List.of(Jobs.job("j0").build()));
        assertFalse(plan.target("j0").runs());
    }

    @Test
    void everyGavelNameIsAPolicyThatPlansAValidRound() {
        List<JobView> jobs = List.of(Jobs.job("recommendation").family(RECOMMENDATION).build(),
                Jobs.job("resnet").family(RESNET).submittedAt(5).build(),
                Jobs.job("unknown").workers(2).submittedAt(9).build());
        ClusterSnapshot cluster = new ClusterSnapshot(10, List.of(typed("v0", "V100", 2), typed("k0", "K80", 2)));
        for (String name : GavelObjectives.names()) {
            Plan plan = checked(PolicyRegistry.standard().create(name), cluster, jobs);
            assertEquals(name, plan.policy());
            // Two GPUs of each type: the two one-GPU jobs and the two-GPU job cannot all run at once on one type each.
            assertTrue(plan.jobs().values().stream().filter(p -> p.runs()).count() >= 2, name + ": " + plan);
        }
    }
}
