package io.yarndl.core.policy.smd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.solver.ChoiceKnapsack;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SumOfRatiosTest {

    private static final int DIMS = 4;

    /** Small random instances: 3 or 4 jobs, 2 to 5 options each, capacities that bind. */
    private static SumOfRatios.Problem randomProblem(Random random) {
        int jobs = 3 + random.nextInt(2);
        long[][][] demands = new long[jobs][][];
        double[][] num = new double[jobs][];
        double[][] den = new double[jobs][];
        long[] capacity = new long[DIMS];
        for (int j = 0; j < jobs; j++) {
            int options = 2 + random.nextInt(4);
            demands[j] = new long[options][DIMS];
            num[j] = new double[options];
            den[j] = new double[options];
            for (int o = 0; o < options; o++) {
                int workers = o + 1;
                for (int d = 0; d < DIMS; d++) {
                    // Option 0 is every job's smallest: the start is feasible.
                    demands[j][o][d] = (long) workers * (1 + random.nextInt(3));
                }
                den[j][o] = workers;
                // Remaining work grows with workers (communication), so more workers help less and less.
                num[j][o] = 100 * (1 + random.nextInt(20)) * (1 + 0.05 * random.nextInt(10) * workers * workers);
            }
            for (int d = 0; d < DIMS; d++) {
                capacity[d] += demands[j][0][d] + random.nextInt(6);
            }
        }
        return new SumOfRatios.Problem(new ChoiceKnapsack.Instance(capacity, demands), num, den);
    }

    private static int[] bruteForce(SumOfRatios.Problem problem) {
        int n = problem.instance().jobs();
        int[] choice = new int[n];
        int[] best = null;
        double bestObjective = Double.POSITIVE_INFINITY;
        while (true) {
            if (fits(problem.instance(), choice)) {
                double objective = problem.objective(choice);
                if (objective < bestObjective - 1e-9) {
                    bestObjective = objective;
                    best = choice.clone();
                }
            }
            int j = 0;
            while (j < n && ++choice[j] == problem.numerators()[j].length) {
                choice[j++] = 0;
            }
            if (j == n) {
                return best;
            }
        }
    }

    private static boolean fits(ChoiceKnapsack.Instance instance, int[] choice) {
        for (int d = 0; d < instance.capacity().length; d++) {
            long used = 0;
            for (int j = 0; j < choice.length; j++) {
                used += instance.demands()[j][choice[j]][d];
            }
            if (used > instance.capacity()[d]) {
                return false;
            }
        }
        return true;
    }

    @Test
    void reachesTheBruteForceOptimumOnSmallInstances() {
        Random random = new Random(20);
        SumOfRatios smd = new SumOfRatios(new ChoiceKnapsack(10), 12);
        int matched = 0;
        for (int trial = 0; trial < 200; trial++) {
            SumOfRatios.Problem problem = randomProblem(random);
            int[] optimum = bruteForce(problem);
            SumOfRatios.Result result = smd.solve(problem, new int[problem.instance().jobs()]);
            assertTrue(fits(problem.instance(), result.options()), "trial " + trial + " exceeds a capacity");
            if (Math.abs(result.objective() - problem.objective(optimum)) <= 1e-6 * problem.objective(optimum)) {
                matched++;
            }
        }
        assertEquals(200, matched);
    }
}
