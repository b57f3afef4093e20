package io.yarndl.core.policy.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/** Problems and assertions the Gavel objective tests share. */
final class Allocations {

    static final double TOLERANCE = 1e-6;

    private Allocations() {
    }

    /** Two types, "k80" and "v100", one GPU of each, every job of scale factor 1. */
    static AllocationProblem oneK80AndOneV100(double[]... throughputs) {
        int n = throughputs.length;
        int[] ones = new int[n];
        Arrays.fill(ones, 1);
        double[] weights = new double[n];
        Arrays.fill(weights, 1.0);
        List<String> jobs = IntStream.range(0, n).mapToObj(j -> "job" + j).toList();
        return new AllocationProblem(jobs, List.of("k80", "v100"), throughputs, ones, new int[] {1, 1},
                weights, weights, new double[n]);
    }

    /**
     * Three jobs on one K80 and one V100: job 0 gains nothing from the V100, job 1 three times its
     * K80 speed, job 2 twice.
     */
    static AllocationProblem threeJobsGainingOneTwoAndThreeTimes() {
        return oneK80AndOneV100(new double[] {1, 1}, new double[] {1, 3}, new double[] {1, 2});
    }

    /** A seeded random problem of jobs on three types (K80, P100, V100 like speeds), oversubscribed. */
    static AllocationProblem random(int jobs, long seed) {
        Random random = new Random(seed);
        double[] speedUp = {1, 2.5, 4};
        int[] scaleFactors = {1, 2, 4, 8};
        double[][] throughputs = new double[jobs][3];
        int[] scale = new int[jobs];
        double[] remaining = new double[jobs];
        double[] waited = new double[jobs];
        for (int j = 0; j < jobs; j++) {
            double base = 0.5 + random.nextDouble();
            for (int k = 0; k < 3; k++) {
                throughputs[j][k] = base * speedUp[k] * (0.7 + 0.6 * random.nextDouble());
            }
            scale[j] = scaleFactors[random.nextInt(scaleFactors.length)];
            remaining[j] = 1000 + random.nextInt(100_000);
            waited[j] = random.nextInt(3600);
        }
        int gpus = Math.max(8, jobs / 3);
        return AllocationProblem.of(throughputs, scale, new int[] {gpus, gpus, gpus})
                .withProgress(remaining, waited);
    }

    static void assertFractions(double[][] expected, TimeFractions actual) {
        assertEquals(expected.length, actual.jobCount(), "jobs");
        for (int j = 0; j < expected.length; j++) {
            for (int k = 0; k < expected[j].length; k++) {
                assertEquals(expected[j][k], actual.of(j, k), TOLERANCE, "X[" + j + "][" + k + "] of " + actual);
            }
        }
    }

    /** The shared constraints: rows at most 1, each type's GPUs not exceeded, nothing where a job cannot run. */
    static void assertFits(AllocationProblem problem, TimeFractions x) {
        assertEquals(problem.jobCount(), x.jobCount());
        double[] used = new double[problem.typeCount()];
        for (int j = 0; j < problem.jobCount(); j++) {
            assertTrue(x.ofJob(j) <= 1 + TOLERANCE, "job " + j + " over its time: " + x.ofJob(j));
            for (int k = 0; k < problem.typeCount(); k++) {
                if (!problem.canRun(j, k)) {
                    assertEquals(0, x.of(j, k), "job " + j + " on type " + k + " where it cannot run");
                }
                used[k] += x.of(j, k) * problem.scaleFactor(j);
            }
        }
        for (int k = 0; k < used.length; k++) {
            assertTrue(used[k] <= problem.gpus(k) + TOLERANCE, "type " + k + " over its GPUs: " + used[k]);
        }
    }

    /** thr_j(X). */
    static double throughput(AllocationProblem problem, TimeFractions x, int job) {
        double sum = 0;
        for (int k = 0; k < problem.typeCount(); k++) {
            sum += problem.usableThroughput(job, k) * x.of(job, k);
        }
        return sum;
    }
}
