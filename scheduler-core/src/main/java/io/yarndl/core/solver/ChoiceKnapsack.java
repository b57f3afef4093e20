package io.yarndl.core.solver;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import java.util.Arrays;

/**
 * A multiple-choice multi-dimensional knapsack: every job takes exactly one of its options, the
 * chosen options' demands fit the capacity in every dimension (GPUs, per GPU type or in all,
 * vcores, memory, network), and the sum of the chosen options' costs is least. Each step of SMD's
 * decomposition solves one; so does one round of Pollux's and Sia's allocation, whose power-mean
 * objective is separable per job. Solved by OR-Tools'
 * CP-SAT, deterministically (one search worker, a fixed seed and a deterministic time budget, so
 * the simulator replays the same plans): the answer is proven optimal when CP-SAT finishes within
 * the budget, which it does on small instances; otherwise it is the best CP-SAT found, never worse
 * than the feasible choice it is given as a complete hint. The model is built once per instance
 * ({@link Session}) and solved for each cost vector the decomposition asks about.
 */
public final class ChoiceKnapsack {

    /** CP-SAT works in integers: by default the largest |cost| becomes this many units. */
    public static final double COST_UNITS = 1e6;

    /**
     * One instance.
     *
     * @param capacity the room in each dimension
     * @param demands  per job, per option, the demand in each dimension
     */
    public record Instance(long[] capacity, long[][][] demands) {

        public int jobs() {
            return demands.length;
        }
    }

    /** What a solve found: the option per job, and whether CP-SAT proved it optimal. */
    public record Choice(int[] options, boolean optimal) {
    }

    /**
     * A wall-clock guard on each solve, far above the deterministic budget: CP-SAT's presolve is not
     * always held by the deterministic limit. Only when the guard ends a solve can a plan depend on
     * the machine's speed.
     */
    static final double WALL_CLOCK_FACTOR = 20;
    static final double WALL_CLOCK_FLOOR_SEC = 1.0;

    private final double deterministicSeconds;
    private final double costUnits;
    private final boolean presolve;

    /** @param deterministicSeconds CP-SAT's deterministic time budget per solve */
    public ChoiceKnapsack(double deterministicSeconds) {
        this(deterministicSeconds, COST_UNITS, true);
    }

    /**
     * @param deterministicSeconds CP-SAT's deterministic time budget per solve
     * @param costUnits            how many integer units the largest |cost| becomes: costs spanning
     *                             orders of magnitude (a power mean's) need more than {@link #COST_UNITS}
     * @param presolve             whether CP-SAT presolves the model. A caller that has already
     *                             dropped dominated options leaves it little to find, and on
     *                             thousands of jobs presolve alone outlasts a small budget (measured:
     *                             1,000 jobs of 14 options each, no solution within 0.05 s of
     *                             deterministic time with it, one within it without)
     */
    public ChoiceKnapsack(double deterministicSeconds, double costUnits, boolean presolve) {
        if (!(deterministicSeconds > 0)) {
            throw new IllegalArgumentException("knapsack time budget must be positive, got " + deterministicSeconds);
        }
        if (!(costUnits >= 1 && costUnits <= 1e15)) {
            throw new IllegalArgumentException("knapsack cost units must be in [1, 1e15], got " + costUnits);
        }
        this.deterministicSeconds = deterministicSeconds;
        this.costUnits = costUnits;
        this.presolve = presolve;
    }

    /**
     * Builds the knapsack of {@code instance} once, for several cost vectors: SMD's decomposition
     * solves the same choices and capacities with new costs each step.
     *
     * @throws KnapsackSolverException when OR-Tools' native libraries did not load
     */
    public Session open(Instance instance) {
        OrToolsNatives.failure().ifPresent(cause -> {
            throw new KnapsackSolverException("OR-Tools' native libraries did not load (" + cause + ")", cause);
        });
        return new Session(instance);
    }

    /** One instance's model, solved for one cost vector at a time. Not thread-safe. */
    public final class Session {

        private final CpModel model = new CpModel();
        private final BoolVar[][] x;
        private final boolean trivial;

        private Session(Instance instance) {
            int n = instance.jobs();
            int dims = instance.capacity().length;
            LinearExprBuilder[] used = new LinearExprBuilder[dims];
            for (int d = 0; d < dims; d++) {
                used[d] = LinearExpr.newBuilder();
            }
            x = new BoolVar[n][];
            boolean single = true;
            for (int j = 0; j < n; j++) {
                long[][] options = instance.demands()[j];
                x[j] = new BoolVar[options.length];
                single &= options.length == 1;
                for (int o = 0; o < options.length; o++) {
                    x[j][o] = model.newBoolVar("x" + j + "_" + o);
                    for (int d = 0; d < dims; d++) {
                        if (options[o][d] != 0) {
                            used[d].addTerm(x[j][o], options[o][d]);
                        }
                    }
                }
                model.addExactlyOne(x[j]);
            }
            for (int d = 0; d < dims; d++) {
                model.addLessOrEqual(used[d], instance.capacity()[d]);
            }
            trivial = single;
        }

        /**
         * The least-cost choice for {@code costs} (per job, per option).
         *
         * @param hint a feasible choice: CP-SAT starts from it and it is returned when CP-SAT finds nothing
         */
        public Choice solve(double[][] costs, int[] hint) {
            if (trivial) {
                return new Choice(hint.clone(), true);
            }
            double scale = scale(costs, costUnits);
            LinearExprBuilder objective = LinearExpr.newBuilder();
            model.clearHints();
            for (int j = 0; j < x.length; j++) {
                for (int o = 0; o < x[j].length; o++) {
                    long cost = Math.round(costs[j][o] * scale);
                    if (cost != 0) {
                        objective.addTerm(x[j][o], cost);
                    }
                    // A complete hint: CP-SAT then keeps at least this feasible choice.
                    model.addHint(x[j][o], o == hint[j]);
                }
            }
            model.clearObjective();
            model.minimize(objective);
            CpSolver solver = new CpSolver();
            solver.getParameters().setNumWorkers(1).setRandomSeed(1).setMaxDeterministicTime(deterministicSeconds)
                    .setMaxTimeInSeconds(Math.max(WALL_CLOCK_FLOOR_SEC, WALL_CLOCK_FACTOR * deterministicSeconds))
                    .setLogSearchProgress(false).setCpModelPresolve(presolve);
            CpSolverStatus status = solver.solve(model);
            if (status != CpSolverStatus.OPTIMAL && status != CpSolverStatus.FEASIBLE) {
                return new Choice(hint.clone(), false);
            }
            int[] chosen = new int[x.length];
            for (int j = 0; j < x.length; j++) {
                chosen[j] = hint[j];
                for (int o = 0; o < x[j].length; o++) {
                    if (solver.booleanValue(x[j][o])) {
                        chosen[j] = o;
                        break;
                    }
                }
            }
            return new Choice(chosen, status == CpSolverStatus.OPTIMAL);
        }
    }

    private static double scale(double[][] costs, double units) {
        double max = 0;
        for (double[] job : costs) {
            for (double c : job) {
                if (!Double.isFinite(c)) {
                    throw new IllegalArgumentException("knapsack cost must be finite, got " + c + " in "
                            + Arrays.toString(job));
                }
                max = Math.max(max, Math.abs(c));
            }
        }
        return max > 0 ? units / max : 1.0;
    }
}
