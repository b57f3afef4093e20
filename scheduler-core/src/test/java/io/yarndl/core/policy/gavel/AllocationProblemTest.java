package io.yarndl.core.policy.gavel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class AllocationProblemTest {

    private static final List<String> JOBS = List.of("a", "b");
    private static final List<String> TYPES = List.of("k80", "v100");
    private static final double[][] THROUGHPUTS = {{1, 2}, {0, 4}};

    @Test
    void problemRejectsInvalidInputsNamingTheJobAndTheField() {
        assertMessage("job 'b': scaleFactors must be >= 1, was 0", () -> problem(THROUGHPUTS, new int[] {1, 0},
                new double[] {1, 1}, new double[] {5, 5}, new double[] {0, 0}));
        assertMessage("job 'a': priorityWeights must be > 0 and finite, was 0.0", () -> problem(THROUGHPUTS,
                new int[] {1, 1}, new double[] {0, 1}, new double[] {5, 5}, new double[] {0, 0}));
        assertMessage("job 'b': remainingSteps must be > 0 and finite, was NaN", () -> problem(THROUGHPUTS,
                new int[] {1, 1}, new double[] {1, 1}, new double[] {5, Double.NaN}, new double[] {0, 0}));
        assertMessage("job 'a': secondsSinceArrival must be >= 0 and finite, was -1.0", () -> problem(THROUGHPUTS,
                new int[] {1, 1}, new double[] {1, 1}, new double[] {5, 5}, new double[] {-1, 0}));
        assertMessage("job 'b': throughputs on 'v100' must be finite and >= 0, was -4.0", () -> problem(
                new double[][] {{1, 2}, {0, -4}}, new int[] {1, 1}, new double[] {1, 1}, new double[] {5, 5},
                new double[] {0, 0}));
        assertMessage("job 'a': throughputs has 1 entries for 2 GPU types", () -> problem(new double[][] {{1}, {0, 4}},
                new int[] {1, 1}, new double[] {1, 1}, new double[] {5, 5}, new double[] {0, 0}));
        assertMessage("scaleFactors has 1 entries for 2 jobs", () -> problem(THROUGHPUTS, new int[] {1},
                new double[] {1, 1}, new double[] {5, 5}, new double[] {0, 0}));
        assertMessage("GPU type 'k80': gpusPerType must be >= 0, was -1", () -> new AllocationProblem(JOBS, TYPES,
                THROUGHPUTS, new int[] {1, 1}, new int[] {-1, 2}, new double[] {1, 1}, new double[] {5, 5},
                new double[] {0, 0}));
        assertMessage("jobIds has duplicates: [a, a]", () -> new AllocationProblem(List.of("a", "a"), TYPES,
                THROUGHPUTS, new int[] {1, 1}, new int[] {2, 2}, new double[] {1, 1}, new double[] {5, 5},
                new double[] {0, 0}));
    }

    @Test
    void problemCopiesItsArraysInAndOut() {
        double[][] throughputs = {{1, 2}, {0, 4}};
        int[] gpus = {2, 2};
        AllocationProblem problem = new AllocationProblem(JOBS, TYPES, throughputs, new int[] {1, 1}, gpus,
                new double[] {1, 1}, new double[] {5, 5}, new double[] {0, 0});

        throughputs[0][0] = 99;
        gpus[0] = 99;
        problem.throughputs()[0][1] = 99;

        assertEquals(1, problem.throughput(0, 0));
        assertEquals(2, problem.throughput(0, 1));
        assertEquals(2, problem.gpus(0));
    }

    @Test
    void equalThroughputsSetEveryUsableTypeToOneAndKeepZeros() {
        AllocationProblem equal = problem(THROUGHPUTS, new int[] {1, 1}, new double[] {1, 1}, new double[] {5, 5},
                new double[] {0, 0}).withEqualThroughputs();

        assertArrayEquals(new double[][] {{1, 1}, {0, 1}}, equal.throughputs());
    }

    @Test
    void fastestTypeThroughputsSetEveryUsableTypeToTheJobsBest() {
        AllocationProblem blind = problem(THROUGHPUTS, new int[] {1, 1}, new double[] {1, 1}, new double[] {5, 5},
                new double[] {0, 0}).withFastestTypeThroughputs();

        assertArrayEquals(new double[][] {{2, 2}, {0, 4}}, blind.throughputs());
    }

    @Test
    void aJobCanRunOnlyWhereItHasThroughputAndItsScaleFactorFits() {
        AllocationProblem problem = AllocationProblem.of(new double[][] {{1, 2}, {0, 4}, {1, 1}}, new int[] {1, 1, 4},
                new int[] {2, 2});

        assertTrue(problem.canRun(0, 0));
        assertFalse(problem.canRun(1, 0));
        assertFalse(problem.canRunAnywhere(2));
        assertEquals(0, problem.usableThroughput(2, 1));
        assertTrue(AllocationProblem.of(new double[][] {{1}}, new int[] {1}, new int[] {0}).isEmpty());
    }

    private static AllocationProblem problem(double[][] throughputs, int[] scaleFactors, double[] weights,
            double[] remaining, double[] waited) {
        return new AllocationProblem(JOBS, TYPES, throughputs, scaleFactors, new int[] {2, 2}, weights, remaining,
                waited);
    }

    private static void assertMessage(String expected, Executable build) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, build).getMessage());
    }
}
