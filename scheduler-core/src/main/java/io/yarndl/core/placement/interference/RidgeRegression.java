package io.yarndl.core.placement.interference;

import java.util.Arrays;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.MatrixUtils;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * A linear model fitted by ridge regression: y = intercept + sum_i w_i (x_i - mean_i) / scale_i,
 * with w = (Z'Z + lambda I)^-1 Z'(y - mean y) over the standardised inputs Z (Hoerl and Kennard,
 * 1970), solved by Commons Math's Cholesky decomposition. Standardising makes one lambda penalise
 * every input alike; the intercept is the mean of y and is not penalised. The penalty is what lets
 * one-hot inputs that sum to a constant (and inputs that never vary in the data) sit beside the
 * intercept, where plain least squares would be singular. Immutable.
 */
public final class RidgeRegression {

    /** Each input's mean over the training rows. */
    private final double[] means;
    /** Each input's standard deviation there, 1 for an input that never varies. */
    private final double[] scales;
    /** The fitted weight of each standardised input. */
    private final double[] weights;
    /** The mean of y over the training rows. */
    private final double intercept;

    private RidgeRegression(double[] means, double[] scales, double[] weights, double intercept) {
        this.means = means;
        this.scales = scales;
        this.weights = weights;
        this.intercept = intercept;
    }

    /**
     * Fits {@code y} on the rows of {@code x}.
     *
     * @param lambda the penalty on the squared weights, > 0
     */
    public static RidgeRegression fit(double[][] x, double[] y, double lambda) {
        if (!(lambda > 0) || x.length != y.length || x.length == 0) {
            throw new IllegalArgumentException("want lambda > 0 and as many rows as targets, got lambda " + lambda
                    + ", " + x.length + " rows, " + y.length + " targets");
        }
        int inputs = x[0].length;
        double[] means = new double[inputs];
        double[] scales = new double[inputs];
        for (int i = 0; i < inputs; i++) {
            final int column = i;
            means[i] = Arrays.stream(x).mapToDouble(row -> row[column]).average().orElseThrow();
            double variance = Arrays.stream(x).mapToDouble(row -> row[column] - means[column])
                    .map(d -> d * d).average().orElseThrow();
            scales[i] = variance > 0 ? Math.sqrt(variance) : 1;
        }
        double meanY = Arrays.stream(y).average().orElseThrow();
        RealMatrix z = new Array2DRowRealMatrix(x.length, inputs);
        for (int row = 0; row < x.length; row++) {
            for (int i = 0; i < inputs; i++) {
                z.setEntry(row, i, (x[row][i] - means[i]) / scales[i]);
            }
        }
        RealMatrix normal = z.transpose().multiply(z)
                .add(MatrixUtils.createRealIdentityMatrix(inputs).scalarMultiply(lambda));
        ArrayRealVector centred = new ArrayRealVector(Arrays.stream(y).map(v -> v - meanY).toArray());
        double[] weights = new CholeskyDecomposition(normal).getSolver()
                .solve(z.transpose().operate(centred)).toArray();
        return new RidgeRegression(means, scales, weights, meanY);
    }

    /** The model's y for the inputs {@code x}, unclamped. */
    public double predict(double[] x) {
        double y = intercept;
        for (int i = 0; i < weights.length; i++) {
            y += weights[i] * (x[i] - means[i]) / scales[i];
        }
        return y;
    }
}
