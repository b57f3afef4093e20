package io.yarndl.core.policy.gavel;

import org.ojalgo.optimisation.ExpressionsBasedModel;
import org.ojalgo.optimisation.Expression;
import org.ojalgo.optimisation.Optimisation;
import org.ojalgo.optimisation.Variable;

/**
 * A linear program over a problem's allocation matrix X, solved with ojAlgo's
 * {@link ExpressionsBasedModel}, that starts with the constraints every Gavel objective shares
 * ({@link AllocationObjective}): X &ge; 0, {@code sum_k X[j][k] <= 1} per job,
 * {@code sum_j scaleFactor[j] * X[j][k] <= gpus[k]} per type, and no variable at all where the job
 * cannot run (that is {@code X[j][k] = 0}, and a smaller LP). An objective adds its own rows in
 * terms of {@code thr_j(X) = sum_k T[j][k] X[j][k]} ({@link Row#plusThroughputOf}) and its own
 * variables, then maximises; so each reads as its formula, not as index juggling.
 *
 * <p>One instance is one solve: an objective that solves several LPs (two stages, bisection)
 * builds one per LP, so nothing a solve leaves in ojAlgo's model (its presolve marks rows and fixes
 * variables) can reach the next; building costs a few milliseconds at 1,000 jobs, next to seconds
 * of simplex.
 */
final class AllocationLp {

    /**
     * From this many X variables on, ojAlgo's sparse (revised) simplex beats its dense tableau: on
     * the benchmark's problems (3 types) max-min fairness took 353 ms dense and 489 ms sparse at 400
     * jobs, but 2.8 s dense and 1.3 s sparse at 600, and 15 s dense and 4.5 s sparse at 1,000.
     */
    private static final int SPARSE_FROM_VARIABLES = 1500;

    private final String objectiveName;
    private final AllocationProblem problem;
    private final ExpressionsBasedModel model = new ExpressionsBasedModel();
    private final Variable[][] x;
    private final Row objective;
    private Optimisation.Result result;

    AllocationLp(String objectiveName, AllocationProblem problem) {
        this.objectiveName = objectiveName;
        this.problem = problem;
        int n = problem.jobCount();
        int types = problem.typeCount();
        x = new Variable[n][types];
        Expression[] gpus = new Expression[types];
        for (int k = 0; k < types; k++) {
            gpus[k] = model.addExpression("gpus of type " + k).upper(problem.gpus(k));
        }
        int variables = 0;
        for (int j = 0; j < n; j++) {
            Expression time = null;
            for (int k = 0; k < types; k++) {
                if (!problem.canRun(j, k)) {
                    continue;
                }
                x[j][k] = model.addVariable("X[" + j + "][" + k + "]").lower(0).upper(1);
                gpus[k].set(x[j][k], problem.scaleFactor(j));
                time = time != null ? time : model.addExpression("time of job " + j).upper(1);
                time.set(x[j][k], 1);
                variables++;
            }
        }
        model.options.sparse = variables >= SPARSE_FROM_VARIABLES;
        objective = new Row(model.addExpression("objective").weight(1));
    }

    /** A new variable, &ge; 0. */
    Variable variable(String name) {
        return model.addVariable(name).lower(0);
    }

    /** A new constraint row, named uniquely by the caller; bound it with atLeast or atMost. */
    Row row(String name) {
        return new Row(model.addExpression(name));
    }

    /** The objective row: what is added to it is maximised. */
    Row objective() {
        return objective;
    }

    /** Maximises the objective; an optimum is required. */
    void maximise(String what) {
        if (!maximiseIfFeasible(what)) {
            throw new AllocationSolverException(objectiveName, what + " is infeasible", result.getState());
        }
    }

    /** Maximises the objective; false when the constraints are infeasible, throws on any other failure. */
    boolean maximiseIfFeasible(String what) {
        result = model.maximise();
        Optimisation.State state = result.getState();
        if (state == Optimisation.State.INFEASIBLE) {
            return false;
        }
        if (!state.isOptimal()) {
            throw new AllocationSolverException(objectiveName, what + " has no optimum", state);
        }
        return true;
    }

    /** A variable's value in the last solution. */
    double value(Variable variable) {
        return result.doubleValue(model.indexOf(variable));
    }

    /** The last solution's X. */
    TimeFractions fractions() {
        double[][] fractions = new double[problem.jobCount()][problem.typeCount()];
        for (int j = 0; j < fractions.length; j++) {
            for (int k = 0; k < fractions[j].length; k++) {
                fractions[j][k] = x[j][k] == null ? 0 : value(x[j][k]);
            }
        }
        return new TimeFractions(fractions);
    }

    /** The last solution's {@code thr_j(X)}. */
    double throughputOf(int job) {
        double throughput = 0;
        for (int k = 0; k < problem.typeCount(); k++) {
            throughput += x[job][k] == null ? 0 : problem.throughput(job, k) * value(x[job][k]);
        }
        return throughput;
    }

    /** One linear row of the model: a constraint, or the objective. */
    final class Row {

        private final Expression expression;

        private Row(Expression expression) {
            this.expression = expression;
        }

        /** Adds {@code coefficient * thr_j(X) = sum_k coefficient * T[j][k] * X[j][k]}. */
        Row plusThroughputOf(int job, double coefficient) {
            for (int k = 0; k < problem.typeCount(); k++) {
                if (x[job][k] != null) {
                    expression.add(x[job][k], coefficient * problem.throughput(job, k));
                }
            }
            return this;
        }

        /** Adds {@code coefficient * variable}. */
        Row plus(Variable variable, double coefficient) {
            expression.add(variable, coefficient);
            return this;
        }

        Row atLeast(double bound) {
            expression.lower(bound);
            return this;
        }

        Row atMost(double bound) {
            expression.upper(bound);
            return this;
        }
    }
}
