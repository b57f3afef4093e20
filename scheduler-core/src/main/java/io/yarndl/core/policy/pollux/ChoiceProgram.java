package io.yarndl.core.policy.pollux;

import io.yarndl.core.solver.ChoiceKnapsack;
import io.yarndl.core.solver.GreedyChoice;
import io.yarndl.core.solver.KnapsackSolverException;
import java.util.function.DoubleUnaryOperator;

/**
 * The integer program of one round of a goodput policy: each job takes exactly one of its options
 * (option 0, waiting, demands nothing), the options' demands fit the capacity in every dimension,
 * and the summed cost ({@link PowerMean#cost} of each option's speedup) is least. Since the power
 * mean is separable per job this is exact, not a heuristic: what Pollux searches with a genetic
 * algorithm over node assignments, an integer program over each job's candidate sizes solves to
 * optimality (Sia's formulation). Solved by OR-Tools' CP-SAT ({@link ChoiceKnapsack}),
 * deterministically, from the marginal-gain choice ({@link GreedyChoice}) as a complete hint, so the
 * answer is never worse than that even where the budget ends before optimality is proven. A round
 * whose jobs fit at their best sizes together needs no solver; one of more options than
 * {@code maxOptions} keeps the marginal-gain choice (measured on this project's 2-core machine:
 * CP-SAT proves the optimum of 100 jobs of ~13 options each in 0.15 s, 400 in 2 s, 1,000 in 5 s;
 * the marginal-gain choice's summed cost was 2.8 to 3% above those optima).
 *
 * <p>Options another option of the same job beats (it demands no more anywhere and costs no more)
 * are dropped before the solve: they are never chosen, and dropping them keeps the program small
 * and the costs' range (hence the solver's integer resolution) to the options that matter. A
 * waiting job's cost is then set from the remaining running options' costs ({@code waitCost}).
 */
public final class ChoiceProgram {

    /**
     * Integer units of the largest cost. Power-mean costs span orders of magnitude (a waiting job's
     * term is 10^3 times a running one's at p = -1), so more than SMD's 10^6 are needed to tell
     * running sizes apart; 1,000 jobs' sums stay far inside CP-SAT's 64-bit range.
     */
    static final double COST_UNITS = 1e9;

    /** What a solve chose (an option index per job, into the options given), and how, for the plan's reasons. */
    public record Result(int[] options, String summary) {
    }

    private final ChoiceKnapsack knapsack;
    private final int maxOptions;

    /**
     * @param solverSeconds CP-SAT's deterministic time budget
     * @param maxOptions    most options (after dropping the dominated ones) a round may have for CP-SAT
     *                      to be run on it; a larger round keeps the marginal-gain choice, which
     *                      CP-SAT could not improve within a budget that fits a round
     */
    public ChoiceProgram(double solverSeconds, int maxOptions) {
        this.knapsack = new ChoiceKnapsack(solverSeconds, COST_UNITS, false);
        this.maxOptions = maxOptions;
    }

    /**
     * The least-cost choice.
     *
     * @param capacity per dimension
     * @param demands  per job, per option, per dimension; every job's option 0 (waiting) demands nothing
     * @param costs    per job, per option; option 0's is ignored and set by {@code waitCost}
     * @param waitCost a waiting job's cost, from the largest |cost| of any running option kept
     */
    public Result solve(long[] capacity, long[][][] demands, double[][] costs, DoubleUnaryOperator waitCost) {
        int n = demands.length;
        int[][] kept = new int[n][];
        long[][][] keptDemands = new long[n][][];
        double[][] keptCosts = new double[n][];
        double largest = 0;
        for (int j = 0; j < n; j++) {
            kept[j] = undominated(demands[j], costs[j]);
            keptDemands[j] = new long[kept[j].length][];
            keptCosts[j] = new double[kept[j].length];
            for (int k = 0; k < kept[j].length; k++) {
                keptDemands[j][k] = demands[j][kept[j][k]];
                keptCosts[j][k] = costs[j][kept[j][k]];
                if (k > 0) {
                    largest = Math.max(largest, Math.abs(keptCosts[j][k]));
                }
            }
        }
        double wait = waitCost.applyAsDouble(largest);
        for (double[] c : keptCosts) {
            c[0] = wait;
        }
        ChoiceKnapsack.Instance instance = new ChoiceKnapsack.Instance(capacity, keptDemands);
        int[] choice = cheapestEach(keptCosts);
        String summary;
        if (fits(instance, choice)) {
            summary = "optimal, every job at its best size";
            return new Result(original(kept, choice), summary);
        }
        int[] greedy = GreedyChoice.choose(instance, keptCosts, new int[n]);
        int options = 0;
        for (int[] k : kept) {
            options += k.length;
        }
        if (options > maxOptions) {
            return new Result(original(kept, greedy), "marginal-gain choice: " + options + " options, CP-SAT is given "
                    + maxOptions + " at most");
        }
        try {
            ChoiceKnapsack.Choice solved = knapsack.open(instance).solve(keptCosts, greedy);
            choice = solved.options();
            summary = solved.optimal() ? "CP-SAT optimal" : "CP-SAT best within its budget";
        } catch (KnapsackSolverException e) {
            choice = greedy;
            summary = "greedy only, the CP-SAT solver failed: " + e.getMessage();
        }
        return new Result(original(kept, choice), summary);
    }

    /** Each job's cheapest option: optimal whenever they fit together, the common case on an idle cluster. */
    private static int[] cheapestEach(double[][] costs) {
        int[] choice = new int[costs.length];
        for (int j = 0; j < costs.length; j++) {
            for (int o = 1; o < costs[j].length; o++) {
                if (costs[j][o] < costs[j][choice[j]]) {
                    choice[j] = o;
                }
            }
        }
        return choice;
    }

    private static boolean fits(ChoiceKnapsack.Instance instance, int[] choice) {
        long[] capacity = instance.capacity();
        long[] used = new long[capacity.length];
        for (int j = 0; j < choice.length; j++) {
            long[] demand = instance.demands()[j][choice[j]];
            for (int d = 0; d < used.length; d++) {
                used[d] += demand[d];
            }
        }
        for (int d = 0; d < used.length; d++) {
            if (used[d] > capacity[d]) {
                return false;
            }
        }
        return true;
    }

    /** Indices into the kept options, as indices into the options given. */
    private static int[] original(int[][] kept, int[] choice) {
        int[] options = new int[choice.length];
        for (int j = 0; j < choice.length; j++) {
            options[j] = kept[j][choice[j]];
        }
        return options;
    }

    /** Option 0 and every option no other beats: none demands no more everywhere and costs no more (ties to the first). */
    static int[] undominated(long[][] demands, double[] costs) {
        int[] kept = new int[demands.length];
        int count = 0;
        kept[count++] = 0;
        for (int o = 1; o < demands.length; o++) {
            boolean beaten = false;
            for (int q = 1; q < demands.length && !beaten; q++) {
                if (q != o && atMost(demands[q], demands[o]) && costs[q] <= costs[o]
                        && (costs[q] < costs[o] || !java.util.Arrays.equals(demands[q], demands[o]) || q < o)) {
                    beaten = true;
                }
            }
            if (!beaten) {
                kept[count++] = o;
            }
        }
        return java.util.Arrays.copyOf(kept, count);
    }

    private static boolean atMost(long[] a, long[] b) {
        for (int d = 0; d < a.length; d++) {
            if (a[d] > b[d]) {
                return false;
            }
        }
        return true;
    }
}
