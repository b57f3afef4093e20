package io.yarndl.core.goodput;

import java.util.List;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.exception.TooManyIterationsException;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresProblem;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.util.Pair;

/**
 * Fits {@link ThroughputParams} to a job's measured configurations, as Pollux fits its
 * performance model (its {@code fit_perf_params}), by Commons Math's Levenberg-Marquardt least
 * squares, bounded: each step's parameters are clamped into the bounds
 * ({@link ParameterLayout#clamp}), the terms the observations cannot determine are held
 * ({@link ParameterLayout}). The objective, per configuration i of the n observed (each weighs the
 * same, however many samples it has, so the size the job ran longest at does not drown the others):
 *
 * <pre>
 * sum_i (log T_pred,i - log T_meas,i)^2 / n  +  1e-3 (gamma - 1)^2  +  1e-2 ((betaNode/alphaNode)^2 + (betaLocal/alphaLocal)^2)
 * </pre>
 *
 * Pollux's terms: the squared log error (relative error, which treats a 10 ms and a 1 s step alike)
 * and its two regularisers, towards less overlap and towards no retrogression with more replicas
 * (the optimistic model); here as one least-squares problem, where Pollux sums root mean squares.
 * A regulariser counts only where its terms are free. Stateless.
 */
public final class ThroughputFitter {

    private static final int MAX_EVALUATIONS = 2_000;
    private static final int MAX_ITERATIONS = 400;
    private static final double GAMMA_WEIGHT = Math.sqrt(1e-3);
    private static final double RETROGRESSION_WEIGHT = Math.sqrt(1e-2);

    /**
     * The model of a job measured nowhere yet: every step of the reference batch takes one second on
     * one replica, all of it proportional to the samples, and synchronisation is free, so the job
     * scales perfectly. Pollux plans a job without a model as if its speedup were linear; only
     * ratios of one job's goodputs matter to a policy, so the second is arbitrary.
     */
    public static ThroughputParams prior(int referenceBatch) {
        return new ThroughputParams(ParameterLayout.LOWER, 1.0 / referenceBatch, ParameterLayout.LOWER,
                ParameterLayout.LOWER, ParameterLayout.LOWER, ParameterLayout.LOWER, ThroughputParams.MIN_GAMMA);
    }

    /**
     * The parameters that best explain {@code observations}; {@link #prior} of {@code referenceBatch}
     * where there are none.
     */
    public ThroughputParams fit(List<ThroughputObservation> observations, int referenceBatch) {
        if (observations.isEmpty()) {
            return prior(referenceBatch);
        }
        ParameterLayout layout = new ParameterLayout(observations);
        Objective objective = new Objective(layout, observations);
        double[] start = layout.clamp(layout.toFree(startTerms(observations)));
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .start(start)
                .model(objective::valueAndJacobian)
                .target(new double[objective.residualCount()])
                .parameterValidator(point -> new ArrayRealVector(layout.clamp(point.toArray()), false))
                .maxEvaluations(MAX_EVALUATIONS)
                .maxIterations(MAX_ITERATIONS)
                .build();
        double[] theta;
        try {
            LeastSquaresOptimizer.Optimum optimum = new LevenbergMarquardtOptimizer().optimize(problem);
            theta = layout.clamp(optimum.getPoint().toArray());
        } catch (TooManyEvaluationsException | TooManyIterationsException e) {
            // Not converged within the budget: the start is a consistent model of the same data.
            theta = start;
        }
        return layout.params(layout.toTerms(theta));
    }

    /** A start inside the bounds from the data: compute half fixed, half per sample; sync a tenth of a step. */
    private static double[] startTerms(List<ThroughputObservation> observations) {
        double singleTime = 0;
        double singleAtomic = 0;
        int singles = 0;
        double allTime = 0;
        double allAtomic = 0;
        for (ThroughputObservation o : observations) {
            allTime += o.iterationSeconds() / (o.split().accumulationSteps() + 1);
            allAtomic += o.split().atomic();
            if (o.replicas() == 1) {
                singleTime += o.iterationSeconds() / (o.split().accumulationSteps() + 1);
                singleAtomic += o.split().atomic();
                singles++;
            }
        }
        int n = observations.size();
        double compute = singles > 0 ? singleTime / singles : allTime / n;
        double atomic = singles > 0 ? singleAtomic / singles : allAtomic / n;
        double[] terms = new double[ParameterLayout.TERMS];
        terms[ParameterLayout.ALPHA_COMPUTE] = compute / 2;
        terms[ParameterLayout.BETA_COMPUTE] = compute / 2 / atomic;
        terms[ParameterLayout.ALPHA_NODE] = compute / 10;
        terms[ParameterLayout.BETA_NODE] = compute / 100;
        terms[ParameterLayout.ALPHA_LOCAL] = compute / 10;
        terms[ParameterLayout.BETA_LOCAL] = compute / 100;
        terms[ParameterLayout.GAMMA] = 1.5;
        return terms;
    }

    /** The residual vector and its Jacobian (forward differences) at a free vector. */
    private static final class Objective {

        private final ParameterLayout layout;
        private final List<ThroughputObservation> observations;
        private final double[] logMeasured;
        private final double weight;
        private final boolean gammaFree;
        private final boolean nodeRetrogression;
        private final boolean localRetrogression;

        Objective(ParameterLayout layout, List<ThroughputObservation> observations) {
            this.layout = layout;
            this.observations = observations;
            this.logMeasured = observations.stream().mapToDouble(o -> Math.log(o.iterationSeconds())).toArray();
            this.weight = 1.0 / Math.sqrt(observations.size());
            this.gammaFree = layout.isFree(ParameterLayout.GAMMA);
            this.nodeRetrogression = layout.isFree(ParameterLayout.BETA_NODE);
            this.localRetrogression = layout.isFree(ParameterLayout.BETA_LOCAL);
        }

        int residualCount() {
            return observations.size() + (gammaFree ? 1 : 0) + (nodeRetrogression ? 1 : 0)
                    + (localRetrogression ? 1 : 0);
        }

        Pair<RealVector, org.apache.commons.math3.linear.RealMatrix> valueAndJacobian(RealVector point) {
            double[] theta = point.toArray();
            double[] value = residuals(theta);
            double[][] jacobian = new double[value.length][theta.length];
            for (int k = 0; k < theta.length; k++) {
                double h = 1e-6 * Math.max(1.0, Math.abs(theta[k]));
                double[] moved = theta.clone();
                moved[k] += h;
                double[] shifted = residuals(moved);
                for (int i = 0; i < value.length; i++) {
                    jacobian[i][k] = (shifted[i] - value[i]) / h;
                }
            }
            return new Pair<>(new ArrayRealVector(value, false), new Array2DRowRealMatrix(jacobian, false));
        }

        private double[] residuals(double[] theta) {
            double[] terms = layout.toTerms(theta);
            double gamma = Math.max(ThroughputParams.MIN_GAMMA, Math.min(ThroughputParams.MAX_GAMMA,
                    terms[ParameterLayout.GAMMA]));
            ThroughputParams params = new ThroughputParams(terms[ParameterLayout.ALPHA_COMPUTE],
                    terms[ParameterLayout.BETA_COMPUTE], terms[ParameterLayout.ALPHA_NODE],
                    terms[ParameterLayout.BETA_NODE], terms[ParameterLayout.ALPHA_LOCAL],
                    terms[ParameterLayout.BETA_LOCAL], gamma);
            double[] r = new double[residualCount()];
            int i = 0;
            for (ThroughputObservation o : observations) {
                double predicted = params.iterationSeconds(o.nodes(), o.replicas(), o.split());
                r[i] = weight * (Math.log(predicted) - logMeasured[i]);
                i++;
            }
            if (gammaFree) {
                r[i++] = GAMMA_WEIGHT * (gamma - 1);
            }
            if (nodeRetrogression) {
                r[i++] = RETROGRESSION_WEIGHT * terms[ParameterLayout.BETA_NODE] / terms[ParameterLayout.ALPHA_NODE];
            }
            if (localRetrogression) {
                r[i] = RETROGRESSION_WEIGHT * terms[ParameterLayout.BETA_LOCAL] / terms[ParameterLayout.ALPHA_LOCAL];
            }
            return r;
        }
    }
}
