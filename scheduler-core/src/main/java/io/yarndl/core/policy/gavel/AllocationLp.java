package io.yarndl.core.policy.gavel;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPVariable;
import io.yarndl.core.solver.OrToolsNatives;

/**
 * A linear program over a problem's allocation matrix X, solved with GLOP (OR-Tools' simplex, through
 * its {@link MPSolver}), that starts with the constraints every Gavel objective shares
 * ({@link AllocationObjective}): X &ge; 0, {@code sum_k X[j][k] <= 1} per job,
 * {@code sum_j scaleFactor[j] * X[j][k] <= gpus[k]} per type, and no variable at all where the job
 * cannot run (that is {@code X[j][k] = 0}, and a smaller LP). An objective adds its own rows in
 * terms of {@code thr_j(X) = sum_k T[j][k] X[j][k]} ({@link Row#plusThroughputOf}) and its own
 * variables, then maximises; so each reads as its formula, not as index juggling.
 *
 * <p>Where the problem has {@link SharingPair}s (Gavel's space sharing), each pair p gets a variable
 * Y[p][k] per type it can share, its fraction of time on GPUs of type k: it counts against both
 * jobs' time ({@code sum_k X[j][k] + sum_{p ∋ j} sum_k Y[p][k] <= 1}) and once against the type's
 * GPUs ({@code + scaleFactor[p] * Y[p][k]}), and {@code thr_j} gains
 * {@code sum_{p ∋ j} sum_k T_p[j][k] Y[p][k]}, the job's co-located throughput. This is Gavel's
 * formulation over job combinations (OSDI'20, section 3.1), with combinations of at most two jobs.
 *
 * <p>The model lives in native memory: an instance is closed (try-with-resources) as soon as its
 * answer is read, which frees it at once rather than whenever the garbage collector would. It is
 * for one thread; objectives build their own per solve, so they stay thread-safe. It may be solved
 * again after bounds or the objective change ({@link Row#atLeast}, {@link Variable#atLeast},
 * {@link #clearObjective}): GLOP then starts from the last basis instead of from scratch, which
 * is how the two-stage objectives solve their second stage and {@link FinishTimeFairness} bisects.
 *
 * <p>GLOP's status INFEASIBLE also covers LPs its presolve finds "infeasible or unbounded"; every
 * LP here is bounded (X lies in [0, 1], and an objective's own variables are bounded by its rows),
 * so INFEASIBLE means infeasible.
 *
 * <p>OR-Tools' native libraries are loaded once per JVM, by the first LP built (its
 * OR-Tools' loader unpacks them into {@code java.io.tmpdir}); if that fails, every solve throws
 * {@link AllocationSolverException}, so a caller keeps its previous allocation as for any other
 * solver failure.
 */
final class AllocationLp implements AutoCloseable {

    private final String objectiveName;
    private final AllocationProblem problem;
    private final MPSolver solver;
    private final MPVariable[][] x;
    private final MPVariable[][] y;
    private final int[][] pairsOf;
    private final Row objective;

    AllocationLp(String objectiveName, AllocationProblem problem) {
        this.objectiveName = objectiveName;
        this.problem = problem;
        NativeLibraries.require(objectiveName);
        solver = MPSolver.createSolver("GLOP");
        if (solver == null) {
            throw new AllocationSolverException(objectiveName, "OR-Tools has no GLOP", "NOT_SOLVED");
        }
        int n = problem.jobCount();
        int types = problem.typeCount();
        x = new MPVariable[n][types];
        MPConstraint[] gpus = new MPConstraint[types];
        for (int k = 0; k < types; k++) {
            gpus[k] = solver.makeConstraint(-MPSolver.infinity(), problem.gpus(k), "gpus of type " + k);
        }
        MPConstraint[] time = new MPConstraint[n];
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < types; k++) {
                if (problem.canRun(j, k)) {
                    x[j][k] = solver.makeNumVar(0, 1, "X[" + j + "][" + k + "]");
                    gpus[k].setCoefficient(x[j][k], problem.scaleFactor(j));
                    time(time, j).setCoefficient(x[j][k], 1);
                }
            }
        }
        y = new MPVariable[problem.pairCount()][types];
        int[] pairCounts = new int[n];
        for (int p = 0; p < problem.pairCount(); p++) {
            SharingPair pair = problem.pair(p);
            for (int k = 0; k < types; k++) {
                if (problem.canRunPair(p, k)) {
                    y[p][k] = solver.makeNumVar(0, 1, "Y[" + p + "][" + k + "]");
                    gpus[k].setCoefficient(y[p][k], problem.scaleFactor(pair.first()));
                    time(time, pair.first()).setCoefficient(y[p][k], 1);
                    time(time, pair.second()).setCoefficient(y[p][k], 1);
                }
            }
            pairCounts[pair.first()]++;
            pairCounts[pair.second()]++;
        }
        pairsOf = new int[n][];
        for (int j = 0; j < n; j++) {
            pairsOf[j] = new int[pairCounts[j]];
            pairCounts[j] = 0;
        }
        for (int p = 0; p < problem.pairCount(); p++) {
            SharingPair pair = problem.pair(p);
            pairsOf[pair.first()][pairCounts[pair.first()]++] = p;
            pairsOf[pair.second()][pairCounts[pair.second()]++] = p;
        }
        MPObjective goal = solver.objective();
        goal.setMaximization();
        objective = new Row(null, goal);
    }

    private MPConstraint time(MPConstraint[] time, int job) {
        if (time[job] == null) {
            time[job] = solver.makeConstraint(-MPSolver.infinity(), 1, "time of job " + job);
        }
        return time[job];
    }

    /** A new variable, &ge; 0. */
    Variable variable(String name) {
        return new Variable(solver.makeNumVar(0, MPSolver.infinity(), name));
    }

    /** A new constraint row, unbounded until atLeast or atMost bounds it. */
    Row row(String name) {
        return new Row(solver.makeConstraint(-MPSolver.infinity(), MPSolver.infinity(), name), null);
    }

    /** The objective row: what is added to it is maximised. */
    Row objective() {
        return objective;
    }

    /**
     * The objective row emptied, for a next stage on this model: the last solution's basis stays,
     * and GLOP starts from it.
     */
    Row clearObjective() {
        objective.goal.clear();
        objective.goal.setMaximization();
        return objective;
    }

    /** Maximises the objective; an optimum is required. */
    void maximise(String what) {
        if (!maximiseIfFeasible(what)) {
            throw new AllocationSolverException(objectiveName, what + " is infeasible", MPSolver.ResultStatus.INFEASIBLE);
        }
    }

    /** Maximises the objective; false when the constraints are infeasible, throws on any other failure. */
    boolean maximiseIfFeasible(String what) {
        MPSolver.ResultStatus status = solver.solve();
        if (status == MPSolver.ResultStatus.INFEASIBLE) {
            return false;
        }
        if (status != MPSolver.ResultStatus.OPTIMAL) {
            throw new AllocationSolverException(objectiveName, what + " has no optimum", status);
        }
        return true;
    }

    /** A variable's value in the last solution. */
    double value(Variable variable) {
        return variable.mp.solutionValue();
    }

    /** The last solution's X and Y. */
    TimeFractions fractions() {
        return new TimeFractions(values(x), values(y));
    }

    private static double[][] values(MPVariable[][] variables) {
        double[][] values = new double[variables.length][];
        for (int i = 0; i < values.length; i++) {
            values[i] = new double[variables[i].length];
            for (int k = 0; k < values[i].length; k++) {
                values[i][k] = variables[i][k] == null ? 0 : variables[i][k].solutionValue();
            }
        }
        return values;
    }

    /** Frees the native model; nothing of this LP may be used afterwards. */
    @Override
    public void close() {
        solver.delete();
    }

    /** A variable an objective adds to the LP (besides X). */
    static final class Variable {

        private final MPVariable mp;

        private Variable(MPVariable mp) {
            this.mp = mp;
        }

        /** Bounds the variable from below, replacing its lower bound. */
        Variable atLeast(double bound) {
            mp.setLb(bound);
            return this;
        }
    }

    /** One linear row of the model: a constraint, or the objective. */
    final class Row {

        private final MPConstraint constraint;
        private final MPObjective goal;

        private Row(MPConstraint constraint, MPObjective goal) {
            this.constraint = constraint;
            this.goal = goal;
        }

        /**
         * Adds {@code coefficient * thr_j(X, Y) = sum_k coefficient * T[j][k] * X[j][k]}, plus the
         * job's co-located throughput times Y for each pair it is in.
         */
        Row plusThroughputOf(int job, double coefficient) {
            for (int k = 0; k < problem.typeCount(); k++) {
                if (x[job][k] != null) {
                    add(x[job][k], coefficient * problem.throughput(job, k));
                }
            }
            for (int p : pairsOf[job]) {
                for (int k = 0; k < problem.typeCount(); k++) {
                    if (y[p][k] != null) {
                        add(y[p][k], coefficient * problem.pair(p).throughputOf(job, k));
                    }
                }
            }
            return this;
        }

        /** Adds {@code coefficient * variable}. */
        Row plus(Variable variable, double coefficient) {
            add(variable.mp, coefficient);
            return this;
        }

        /** Bounds the row from below, replacing any lower bound it had. */
        Row atLeast(double bound) {
            constraint().setLb(bound);
            return this;
        }

        /** Bounds the row from above, replacing any upper bound it had. */
        Row atMost(double bound) {
            constraint().setUb(bound);
            return this;
        }

        private void add(MPVariable variable, double coefficient) {
            if (constraint != null) {
                constraint.setCoefficient(variable, constraint.getCoefficient(variable) + coefficient);
            } else {
                goal.setCoefficient(variable, goal.getCoefficient(variable) + coefficient);
            }
        }

        private MPConstraint constraint() {
            if (constraint == null) {
                throw new IllegalStateException("the objective has no bounds");
            }
            return constraint;
        }
    }

    /** Fails every solve when OR-Tools' native libraries did not load ({@link OrToolsNatives}). */
    private static final class NativeLibraries {

        static void require(String objectiveName) {
            OrToolsNatives.failure().ifPresent(cause -> {
                AllocationSolverException failure = new AllocationSolverException(objectiveName,
                        "OR-Tools' native libraries did not load (" + cause + ")", "NOT_LOADED");
                failure.initCause(cause);
                throw failure;
            });
        }
    }
}
