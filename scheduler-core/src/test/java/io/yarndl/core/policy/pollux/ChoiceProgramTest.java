package io.yarndl.core.policy.pollux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class ChoiceProgramTest {

    @Test
    void dropsOptionsAnotherBeatsOnDemandAndCost() {
        long[][] demands = {{0}, {1}, {2}, {3}, {2}};
        double[] costs = {9, 5, 6, 1, 4};
        // option 2 demands more than 1 and costs more; 4 ties 2's demand at less cost
        assertArrayEquals(new int[] {0, 1, 3, 4}, ChoiceProgram.undominated(demands, costs));
    }

    @Test
    void findsTheBruteForceOptimumOfTheHarmonicObjective() {
        PowerMean harmonic = new PowerMean(-1);
        ChoiceProgram program = new ChoiceProgram(5, 1_000);
        for (int seed = 0; seed < 100; seed++) {
            Random random = new Random(seed);
            int jobs = 2 + random.nextInt(3);
            long[][][] demands = new long[jobs][][];
            double[][] costs = new double[jobs][];
            for (int j = 0; j < jobs; j++) {
                int options = 2 + random.nextInt(4);
                demands[j] = new long[options][];
                costs[j] = new double[options];
                demands[j][0] = new long[] {0, 0};
                for (int o = 1; o < options; o++) {
                    demands[j][o] = new long[] {o, random.nextInt(3)};
                    costs[j][o] = harmonic.cost(o * (0.5 + random.nextDouble()));
                }
            }
            long[] capacity = {2 + random.nextInt(6), 2 + random.nextInt(4)};
            ChoiceProgram.Result result = program.solve(capacity, demands, costs, harmonic::waitCost);
            double best = bruteForce(capacity, demands, costs, harmonic.waitCost(largest(costs)));
            assertEquals(best, total(result.options(), costs, harmonic.waitCost(largest(costs))), 1e-6 * best,
                    "seed " + seed);
        }
    }

    private static double largest(double[][] costs) {
        double largest = 0;
        for (double[] c : costs) {
            for (int o = 1; o < c.length; o++) {
                largest = Math.max(largest, Math.abs(c[o]));
            }
        }
        return largest;
    }

    private static double total(int[] choice, double[][] costs, double wait) {
        double sum = 0;
        for (int j = 0; j < choice.length; j++) {
            sum += choice[j] == 0 ? wait : costs[j][choice[j]];
        }
        return sum;
    }

    private static double bruteForce(long[] capacity, long[][][] demands, double[][] costs, double wait) {
        return search(0, new long[capacity.length], capacity, demands, costs, wait);
    }

    private static double search(int j, long[] used, long[] capacity, long[][][] demands, double[][] costs, double wait) {
        if (j == demands.length) {
            return 0;
        }
        double best = Double.POSITIVE_INFINITY;
        for (int o = 0; o < demands[j].length; o++) {
            boolean fits = true;
            for (int d = 0; d < capacity.length; d++) {
                fits &= used[d] + demands[j][o][d] <= capacity[d];
            }
            if (!fits) {
                continue;
            }
            long[] next = used.clone();
            for (int d = 0; d < capacity.length; d++) {
                next[d] += demands[j][o][d];
            }
            double rest = search(j + 1, next, capacity, demands, costs, wait);
            best = Math.min(best, (o == 0 ? wait : costs[j][o]) + rest);
        }
        return best;
    }
}
