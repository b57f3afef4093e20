package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.apache.commons.math3.util.Pair;

/**
 * Fits Optimus' convergence model (Peng et al., EuroSys'18, §3.1) to a job's progress samples:
 *
 * <pre>  l(k) / lossScale = 1 / (b0 * k + b1) + b2,    b0, b1, b2 >= 0</pre>
 *
 * by {@link NonNegativeLeastSquares non-negative least squares}, after the paper's pre-processing:
 * <ol>
 *   <li>samples that are not {@link ProgressSample#isUsable() usable} (NaN, infinite or negative
 *       numbers) are skipped, never fatal;</li>
 *   <li>outliers are dropped: in step order, a loss more than {@value #OUTLIER_FACTOR} times the
 *       median of the previous {@value #OUTLIER_WINDOW} kept losses (a divergence spike, a bad
 *       batch, a restart from a stale checkpoint) does not enter the fit;</li>
 *   <li>losses are normalised by the largest kept loss (the model's {@code lossScale}), so the
 *       fit and its tolerances do not depend on the loss function's units;</li>
 *   <li>at least {@value #MIN_DISTINCT_STEPS} distinct steps must remain, else there is no fit:
 *       three coefficients from fewer points extrapolate wildly.</li>
 * </ol>
 * Steps are divided by the largest step during the fit so that the three coefficients have
 * similar magnitudes (b0 is otherwise orders of magnitude smaller than b1), which keeps LM well
 * conditioned; b0 is scaled back before it is returned.
 *
 * <p>Cost: the start comes from the linearised model {@code 1 / (y - b2) = b0 k + b1} at a few
 * trial values of b2 (closed-form regressions), the best of which seeds one bounded projected-LM
 * run ({@value #MAX_ITERATIONS} iterations at most). Thread-safe: stateless.
 */
public final class ConvergenceFitter {

    /** Fewer distinct steps than this and {@link #fit} returns empty. */
    public static final int MIN_DISTINCT_STEPS = 5;
    /** A loss above this multiple of the running median is an outlier. */
    public static final double OUTLIER_FACTOR = 2.0;
    /** How many preceding kept losses the running median looks at. */
    public static final int OUTLIER_WINDOW = 5;
    /** Bound on LM iterations; a good start converges in far fewer. */
    public static final int MAX_ITERATIONS = 50;

    /** Trial fractions of the smallest normalised loss used as b2 for the linearised starts. */
    private static final double[] B2_TRIALS = {0.0, 0.5, 0.8, 0.95};
    /** Keeps the denominator away from 0 when LM probes b0 = b1 = 0. */
    private static final double MIN_DENOMINATOR = 1e-12;

    /**
     * Fits the convergence model to {@code samples} (any order; unusable ones are skipped).
     *
     * @return the fitted model, or empty when fewer than {@value #MIN_DISTINCT_STEPS} distinct
     *         steps survive pre-processing or every kept loss is 0
     */
    public Optional<ConvergenceModel> fit(List<ProgressSample> samples) {
        List<ProgressSample> kept = withoutOutliers(usableInStepOrder(samples));
        if (distinctSteps(kept) < MIN_DISTINCT_STEPS) {
            return Optional.empty();
        }
        double lossScale = kept.stream().mapToDouble(ProgressSample::loss).max().orElse(0);
        double maxStep = kept.get(kept.size() - 1).step();
        if (!(lossScale > 0) || !(maxStep > 0)) {
            return Optional.empty();
        }
        int n = kept.size();
        double[] k = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            k[i] = kept.get(i).step() / maxStep;
            y[i] = kept.get(i).loss() / lossScale;
        }
        double[] start = linearisedStart(k, y);
        NonNegativeLeastSquares.Solution solution =
                NonNegativeLeastSquares.nonlinear(model(k), y, List.of(start), MAX_ITERATIONS);
        double b0 = solution.coefficient(0) / maxStep;
        return Optional.of(new ConvergenceModel(b0, solution.coefficient(1), solution.coefficient(2), lossScale, n));
    }

    private static List<ProgressSample> usableInStepOrder(List<ProgressSample> samples) {
        List<ProgressSample> usable = new ArrayList<>(samples.size());
        for (ProgressSample s : samples) {
            if (s != null && s.isUsable()) {
                usable.add(s);
            }
        }
        // Stable sort: reports of the same step keep their arrival order.
        usable.sort(Comparator.comparingLong(ProgressSample::step));
        return usable;
    }

    /** Distinct steps of a list in step order. */
    private static int distinctSteps(List<ProgressSample> ordered) {
        int distinct = 0;
        long previous = -1;
        for (ProgressSample s : ordered) {
            if (s.step() != previous) {
                distinct++;
                previous = s.step();
            }
        }
        return distinct;
    }

    private static List<ProgressSample> withoutOutliers(List<ProgressSample> ordered) {
        List<ProgressSample> kept = new ArrayList<>(ordered.size());
        double[] window = new double[OUTLIER_WINDOW];
        for (ProgressSample s : ordered) {
            int size = Math.min(kept.size(), OUTLIER_WINDOW);
            if (size > 0) {
                for (int i = 0; i < size; i++) {
                    window[i] = kept.get(kept.size() - size + i).loss();
                }
                Arrays.sort(window, 0, size);
                double median = size % 2 == 1 ? window[size / 2] : 0.5 * (window[size / 2 - 1] + window[size / 2]);
                if (s.loss() > OUTLIER_FACTOR * median) {
                    continue;
                }
            }
            kept.add(s);
        }
        return kept;
    }

    /**
     * For a fixed b2 the model is linear in 1 / (y - b2); a few b2 below the smallest loss give
     * cheap candidate starts, clamped to >= 0, and the one with the lowest true cost wins.
     */
    private static double[] linearisedStart(double[] k, double[] y) {
        double minLoss = Arrays.stream(y).min().orElse(0);
        double[] best = {1.0, 1.0, 0.0};
        double bestCost = Double.POSITIVE_INFINITY;
        for (double fraction : B2_TRIALS) {
            double b2 = fraction * minLoss;
            SimpleRegression regression = new SimpleRegression(true);
            for (int i = 0; i < k.length; i++) {
                double gap = y[i] - b2;
                if (gap > 0) {
                    regression.addData(k[i], 1.0 / gap);
                }
            }
            if (regression.getN() < 2) {
                continue;
            }
            double[] candidate = {
                Math.max(0, regression.getSlope()), Math.max(MIN_DENOMINATOR, regression.getIntercept()), b2};
            double cost = cost(candidate, k, y);
            if (cost < bestCost) {
                bestCost = cost;
                best = candidate;
            }
        }
        return best;
    }

    private static double cost(double[] b, double[] k, double[] y) {
        double sum = 0;
        for (int i = 0; i < k.length; i++) {
            double r = predict(b[0], b[1], b[2], k[i]) - y[i];
            sum += r * r;
        }
        return Double.isNaN(sum) ? Double.POSITIVE_INFINITY : sum;
    }

    private static double predict(double b0, double b1, double b2, double k) {
        return 1.0 / Math.max(MIN_DENOMINATOR, b0 * k + b1) + b2;
    }

    /** The normalised model and its Jacobian with respect to (b0, b1, b2). */
    private static MultivariateJacobianFunction model(double[] k) {
        return point -> {
            double b0 = point.getEntry(0);
            double b1 = point.getEntry(1);
            double b2 = point.getEntry(2);
            int n = k.length;
            double[] value = new double[n];
            double[][] jacobian = new double[n][3];
            for (int i = 0; i < n; i++) {
                double denominator = Math.max(MIN_DENOMINATOR, b0 * k[i] + b1);
                double inverseSquare = 1.0 / (denominator * denominator);
                value[i] = 1.0 / denominator + b2;
                jacobian[i][0] = -k[i] * inverseSquare;
                jacobian[i][1] = -inverseSquare;
                jacobian[i][2] = 1.0;
            }
            RealVector values = new ArrayRealVector(value, false);
            RealMatrix derivatives = new Array2DRowRealMatrix(jacobian, false);
            return new Pair<>(values, derivatives);
        };
    }
}
