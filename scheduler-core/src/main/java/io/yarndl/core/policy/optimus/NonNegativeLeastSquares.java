package io.yarndl.core.policy.optimus;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import org.apache.commons.math3.exception.ConvergenceException;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.exception.TooManyIterationsException;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresProblem;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.fitting.leastsquares.ParameterValidator;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.apache.commons.math3.util.Pair;

/**
 * Non-negative least squares, the fitting method Optimus (Peng et al., EuroSys'18, §3.1 and §3.2)
 * uses for both its convergence and its speed models:
 *
 * <pre>  minimise  sum_i (model_i(x) - y_i)^2    subject to  x >= 0</pre>
 *
 * <p>Approach. Commons Math 3.6.1 has no dedicated NNLS (nor any bound-constrained least-squares
 * solver), so this is a <em>projected Levenberg-Marquardt</em>: Commons Math's
 * {@link LevenbergMarquardtOptimizer} with a {@link ParameterValidator} that clamps every trial
 * point onto the non-negative orthant (LM's trust region shrinks whenever the clamped point
 * does worse than the unclamped step promised). To make it fast, and exact for linear problems:
 * <ul>
 *   <li>linear problems start from the unconstrained least-squares solution (Commons Math's
 *       {@link SingularValueDecomposition}, which also gives the minimum-norm solution of
 *       rank-deficient, under-determined systems) clamped to {@code >= 0};</li>
 *   <li>projected LM alone can stop at a point whose set of zero coefficients is wrong (its
 *       step is not a gradient step, so projecting it need not descend; seen on random
 *       problems in the tests). A linear problem is therefore finished from LM's point by
 *       Lawson-Hanson active-set steps whose subproblems Commons Math's SVD solves, until the
 *       KKT conditions hold, which for this convex problem certifies the optimum. LM's point
 *       usually has the right support already, so this costs one extra solve in practice;</li>
 *   <li>nonlinear problems take caller-chosen starts (multiple starts guard against the local
 *       minima a non-convex model may have) and keep the best.</li>
 * </ul>
 * Iterations are bounded; when LM runs out of them the best point it evaluated is returned
 * rather than an exception, because a slightly sub-optimal fit is still useful to a scheduler.
 *
 * <p>Thread-safe: stateless.
 */
public final class NonNegativeLeastSquares {

    /** LM iterations allowed per start unless the caller says otherwise. */
    public static final int DEFAULT_MAX_ITERATIONS = 100;

    private static final ParameterValidator NON_NEGATIVE = point -> {
        RealVector projected = point.copy();
        for (int i = 0; i < projected.getDimension(); i++) {
            // NaN too is mapped to 0: a NaN trial point must not poison the rest of the fit.
            if (!(projected.getEntry(i) >= 0)) {
                projected.setEntry(i, 0.0);
            }
        }
        return projected;
    };

    /**
     * Commons Math's default tolerances (1e-10) buy digits no scheduler decision can see at the
     * price of extra iterations, each a QR decomposition of the Jacobian (the dominant cost). The
     * optimizer is immutable and keeps its working state per call, so one instance is shared.
     */
    private static final LevenbergMarquardtOptimizer OPTIMIZER = new LevenbergMarquardtOptimizer()
            .withCostRelativeTolerance(1e-8)
            .withParameterRelativeTolerance(1e-8);

    private NonNegativeLeastSquares() {
    }

    /**
     * A non-negative least-squares solution. Immutable: the array is copied in and out.
     *
     * @param coefficients the fitted coefficients, every one {@code >= 0}
     * @param cost         the sum of squared (weighted) residuals at the solution
     * @param evaluations  how many times the model was evaluated to find it
     */
    public record Solution(double[] coefficients, double cost, int evaluations) {

        public Solution {
            coefficients = coefficients.clone();
        }

        @Override
        public double[] coefficients() {
            return coefficients.clone();
        }

        /** One coefficient, without copying the array. */
        public double coefficient(int index) {
            return coefficients[index];
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Solution that && Arrays.equals(coefficients, that.coefficients)
                    && Double.compare(cost, that.cost) == 0 && evaluations == that.evaluations;
        }

        @Override
        public int hashCode() {
            return Objects.hash(Arrays.hashCode(coefficients), cost, evaluations);
        }

        @Override
        public String toString() {
            return "Solution[coefficients=" + Arrays.toString(coefficients) + ", cost=" + cost
                    + ", evaluations=" + evaluations + "]";
        }
    }

    /** Linear NNLS: minimise {@code ||A x - y||^2} subject to {@code x >= 0}. */
    public static Solution linear(double[][] design, double[] observed) {
        double[] unit = new double[observed.length];
        Arrays.fill(unit, 1.0);
        return linear(design, observed, unit);
    }

    /**
     * Weighted linear NNLS: minimise {@code sum_i (w_i (A_i x - y_i))^2} subject to {@code x >= 0}.
     * A weight of {@code sqrt(n)} makes one row stand for {@code n} identical observations.
     *
     * @param design   the m x n matrix A, every row of the same length n >= 1
     * @param observed y, of length m >= 1
     * @param weights  w, of length m, each finite and {@code >= 0}
     */
    public static Solution linear(double[][] design, double[] observed, double[] weights) {
        int rows = observed.length;
        if (rows == 0 || design.length != rows || weights.length != rows || design[0].length == 0) {
            throw new IllegalArgumentException("NNLS needs m >= 1 rows, n >= 1 columns and matching lengths, got "
                    + design.length + " design rows, " + rows + " observations, " + weights.length + " weights");
        }
        int columns = design[0].length;
        double[][] a = new double[rows][columns];
        double[] y = new double[rows];
        for (int i = 0; i < rows; i++) {
            if (design[i].length != columns) {
                throw new IllegalArgumentException("design row " + i + " has " + design[i].length
                        + " entries, expected " + columns);
            }
            requireFinite(weights[i], "weight", i);
            if (weights[i] < 0) {
                throw new IllegalArgumentException("weight " + i + " is negative: " + weights[i]);
            }
            requireFinite(observed[i], "observation", i);
            y[i] = weights[i] * observed[i];
            for (int j = 0; j < columns; j++) {
                requireFinite(design[i][j], "design entry", i);
                a[i][j] = weights[i] * design[i][j];
            }
        }
        RealMatrix matrix = new Array2DRowRealMatrix(a, false);
        RealVector target = new ArrayRealVector(y, false);
        double[] start = clamp(unconstrained(matrix, target));
        MultivariateJacobianFunction model = point -> new Pair<>(matrix.operate(point), matrix);
        Solution projected = nonlinear(model, y, List.of(start), DEFAULT_MAX_ITERATIONS);
        return completeToOptimum(matrix, target, projected);
    }

    /**
     * Nonlinear NNLS by projected Levenberg-Marquardt from each start; the lowest-cost result wins.
     *
     * @param model         residual-free model: maps coefficients to predicted values and their Jacobian
     * @param observed      the values to fit
     * @param starts        one or more starting points; negative entries are clamped to 0
     * @param maxIterations LM iterations allowed per start
     */
    public static Solution nonlinear(MultivariateJacobianFunction model, double[] observed, List<double[]> starts,
                                     int maxIterations) {
        Objects.requireNonNull(model, "model");
        if (starts.isEmpty()) {
            throw new IllegalArgumentException("NNLS needs at least one starting point");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        }
        Solution best = null;
        for (double[] start : starts) {
            Solution candidate = fromStart(model, observed, clamp(start), maxIterations);
            if (best == null || candidate.cost() < best.cost()) {
                best = candidate;
            }
        }
        return best;
    }

    private static Solution fromStart(MultivariateJacobianFunction model, double[] observed, double[] start,
                                      int maxIterations) {
        BestPointTracker tracker = new BestPointTracker(model, observed);
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .model(tracker)
                .target(observed)
                .start(start)
                .parameterValidator(NON_NEGATIVE)
                .maxIterations(maxIterations)
                // LM evaluates about once per iteration plus rejected steps; this only bounds the worst case.
                .maxEvaluations(4 * maxIterations + 10)
                .build();
        try {
            OPTIMIZER.optimize(problem);
        } catch (TooManyIterationsException | TooManyEvaluationsException | ConvergenceException e) {
            // Out of budget or stalled: the best point seen so far is still a valid non-negative fit.
        }
        return tracker.best();
    }

    /**
     * Finishes a linear problem from LM's feasible point by the active-set steps of Lawson and
     * Hanson (Solving Least Squares Problems, 1974, ch. 23), each subproblem solved by Commons
     * Math's SVD. Projected LM can stop at a point whose set of zero coefficients is wrong (its
     * step is not a gradient step, so projecting it need not descend); the KKT conditions
     * (gradient {@code >= 0} where a coefficient is 0, {@code = 0} where it is positive) say when
     * that happened, and since the problem is convex they also certify the result optimal. LM's
     * point usually has the right support already, so this takes zero or one step in practice.
     */
    private static Solution completeToOptimum(RealMatrix a, RealVector y, Solution projected) {
        int columns = a.getColumnDimension();
        double[] x = projected.coefficients();
        boolean[] positive = new boolean[columns];
        for (int j = 0; j < columns; j++) {
            positive[j] = x[j] > 0;
        }
        double tolerance = 1e-10 * Math.max(1.0, a.getFrobeniusNorm() * y.getNorm());
        int solves = 0;
        x = solveOnSupport(a, y, x, positive);
        solves++;
        for (int outer = 0; outer < 3 * columns; outer++) {
            double[] gradient = a.transpose().operate(a.operate(new ArrayRealVector(x, false)).subtract(y)).toArray();
            int entering = -1;
            for (int j = 0; j < columns; j++) {
                if (!positive[j] && gradient[j] < -tolerance && (entering < 0 || gradient[j] < gradient[entering])) {
                    entering = j;
                }
            }
            if (entering < 0) {
                break;
            }
            positive[entering] = true;
            double[] next = solveOnSupport(a, y, x, positive);
            solves++;
            if (!(next[entering] > 0)) {
                // The violation was rounding noise: adding the coefficient does not help.
                positive[entering] = false;
                break;
            }
            x = next;
        }
        double cost = cost(a.operate(new ArrayRealVector(x, false)), y);
        int evaluations = projected.evaluations() + solves;
        return cost <= projected.cost() ? new Solution(x, cost, evaluations)
                : new Solution(projected.coefficients(), projected.cost(), evaluations);
    }

    /**
     * The Lawson-Hanson inner loop: the unconstrained solution on the support, or, where that goes
     * negative, the furthest feasible point towards it, shrinking the support until it is feasible.
     * {@code positive} is updated in place.
     */
    private static double[] solveOnSupport(RealMatrix a, RealVector y, double[] from, boolean[] positive) {
        int columns = a.getColumnDimension();
        double[] x = from.clone();
        int[] allRows = new int[a.getRowDimension()];
        Arrays.setAll(allRows, i -> i);
        for (int inner = 0; inner <= columns; inner++) {
            int[] kept = IntStream.range(0, columns).filter(j -> positive[j]).toArray();
            double[] z = new double[columns];
            if (kept.length > 0) {
                double[] partial = unconstrained(a.getSubMatrix(allRows, kept), y);
                for (int k = 0; k < kept.length; k++) {
                    z[kept[k]] = partial[k];
                }
            }
            double step = 1.0;
            for (int j : kept) {
                if (!(z[j] > 0)) {
                    // A coefficient just let in sits at 0: if it cannot grow, no step is possible.
                    double gap = x[j] - z[j];
                    step = Math.min(step, gap > 0 ? x[j] / gap : 0.0);
                }
            }
            if (step >= 1.0) {
                return z;
            }
            double largest = 0;
            for (int j : kept) {
                x[j] += step * (z[j] - x[j]);
                largest = Math.max(largest, Math.abs(x[j]));
            }
            // The coefficients that hit the boundary leave the support (rounding leaves them near 0, not at it).
            for (int j : kept) {
                if (x[j] <= 1e-12 * largest) {
                    x[j] = 0;
                    positive[j] = false;
                }
            }
        }
        return clamp(x);
    }

    /** Least-squares (minimum-norm when rank-deficient) solution, ignoring the constraints. */
    private static double[] unconstrained(RealMatrix a, RealVector y) {
        return new SingularValueDecomposition(a).getSolver().solve(y).toArray();
    }

    private static double[] clamp(double[] point) {
        double[] clamped = point.clone();
        for (int i = 0; i < clamped.length; i++) {
            if (!(clamped[i] >= 0)) {
                clamped[i] = 0.0;
            }
        }
        return clamped;
    }

    private static double cost(RealVector predicted, RealVector observed) {
        double sum = 0;
        for (int i = 0; i < observed.getDimension(); i++) {
            double r = predicted.getEntry(i) - observed.getEntry(i);
            sum += r * r;
        }
        return sum;
    }

    private static void requireFinite(double value, String what, int index) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(what + " in row " + index + " is not finite: " + value);
        }
    }

    /**
     * Wraps the model to remember the best (validated) point evaluated, so that running out of
     * iterations still yields an answer. LM only ever evaluates points the validator returned.
     */
    private static final class BestPointTracker implements MultivariateJacobianFunction {
        private final MultivariateJacobianFunction model;
        private final RealVector observed;
        private double[] bestPoint;
        private double bestCost = Double.POSITIVE_INFINITY;
        private int evaluations;

        BestPointTracker(MultivariateJacobianFunction model, double[] observed) {
            this.model = model;
            this.observed = new ArrayRealVector(observed, false);
        }

        @Override
        public Pair<RealVector, RealMatrix> value(RealVector point) {
            Pair<RealVector, RealMatrix> result = model.value(point);
            evaluations++;
            double cost = cost(result.getFirst(), observed);
            // A NaN cost compares false, so a point where the model blew up is never kept.
            if (cost < bestCost || bestPoint == null && !Double.isNaN(cost)) {
                bestCost = cost;
                bestPoint = point.toArray();
            }
            return result;
        }

        Solution best() {
            if (bestPoint == null) {
                throw new IllegalStateException("the model produced no finite residuals at any evaluated point");
            }
            return new Solution(clamp(bestPoint), bestCost, evaluations);
        }
    }
}
