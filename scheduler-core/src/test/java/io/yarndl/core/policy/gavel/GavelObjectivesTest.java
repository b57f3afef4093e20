package io.yarndl.core.policy.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.gavel.GavelObjectives.GavelObjective;
import java.util.List;
import org.junit.jupiter.api.Test;

class GavelObjectivesTest {

    @Test
    void gavelObjectivesKnowsGavelsPoliciesByTheirYarnDlNames() {
        assertEquals(List.of("gavel-max-min-fairness", "gavel-max-min-fairness-perf", "gavel-finish-time-fairness",
                "gavel-finish-time-fairness-perf", "gavel-fifo", "gavel-fifo-perf", "gavel-min-total-duration",
                "gavel-min-total-duration-perf", "gavel-max-sum-throughput-perf", "gavel-max-min-fairness-packed",
                "gavel-finish-time-fairness-packed", "gavel-min-total-duration-packed"), GavelObjectives.names());
        GavelObjective perf = GavelObjectives.objective("gavel-max-min-fairness-perf");
        assertTrue(perf.heterogeneityAware());
        assertEquals("max_min_fairness_perf", perf.gavelName());
        assertTrue(perf.objective() instanceof MaxMinFairness);
        assertFalse(GavelObjectives.objective("gavel-min-total-duration").heterogeneityAware(),
                "Gavel's min_total_duration sees every GPU as a V100");
    }

    @Test
    void gavelObjectivesRejectsAnUnknownNameListingTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GavelObjectives.objective("gavel-las"));

        assertTrue(e.getMessage().contains("gavel-las"), e.getMessage());
        assertTrue(e.getMessage().contains("gavel-max-min-fairness-perf"), e.getMessage());
    }

    @Test
    void agnosticMaxMinFairnessAndFifoAreTheAwareOnesWithEqualThroughputs() {
        AllocationProblem problem = Allocations.random(12, 5);
        for (String name : List.of("max-min-fairness", "fifo")) {
            TimeFractions agnostic = GavelObjectives.objective("gavel-" + name).solve(problem);
            TimeFractions aware = GavelObjectives.objective("gavel-" + name + "-perf").solve(problem.withEqualThroughputs());
            assertEquals(aware, agnostic, name);
        }
    }

    @Test
    void agnosticFinishTimeFairnessAndMinTotalDurationSeeEveryTypeAtTheJobsFastestThroughput() {
        AllocationProblem problem = Allocations.random(12, 5);
        for (String name : List.of("finish-time-fairness", "min-total-duration")) {
            TimeFractions agnostic = GavelObjectives.objective("gavel-" + name).solve(problem);
            TimeFractions aware = GavelObjectives.objective("gavel-" + name + "-perf")
                    .solve(problem.withFastestTypeThroughputs());
            assertEquals(aware, agnostic, name);
        }
    }

    @Test
    void everyGavelObjectiveGivesEmptyFractionsForNoJobsAndZerosForNoGpus() {
        AllocationProblem noJobs = AllocationProblem.of(new double[0][], new int[0], new int[] {2, 2});
        AllocationProblem noGpus = AllocationProblem.of(new double[][] {{1, 2}, {3, 4}}, new int[] {1, 1}, new int[] {0, 0});
        for (String name : GavelObjectives.names()) {
            assertEquals(TimeFractions.empty(), GavelObjectives.objective(name).solve(noJobs), name);
            assertEquals(TimeFractions.zeros(2, 2), GavelObjectives.objective(name).solve(noGpus), name);
        }
    }

    @Test
    void everyGavelObjectiveGivesNothingToAJobWhoseScaleFactorExceedsEveryType() {
        AllocationProblem problem = AllocationProblem.of(new double[][] {{1, 2}, {5, 5}, {1, 3}}, new int[] {1, 4, 1},
                new int[] {2, 3});
        for (String name : GavelObjectives.names()) {
            TimeFractions x = GavelObjectives.objective(name).solve(problem);
            Allocations.assertFits(problem, x);
            assertEquals(0, x.ofJob(1), name);
        }
    }

    @Test
    void everyGavelObjectiveFitsARandomOversubscribedCluster() {
        AllocationProblem problem = Allocations.random(30, 17);
        for (String name : GavelObjectives.names()) {
            Allocations.assertFits(problem, GavelObjectives.objective(name).solve(problem));
        }
    }
}
