package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.apache.commons.math3.fitting.leastsquares.MultivariateJacobianFunction;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.apache.commons.math3.util.Pair;
import org.junit.jupiter.api.Test;

class NonNegativeLeastSquaresTest {

    @Test
    void returnsUnconstrainedSolutionWhenItIsAlreadyNonNegative() {
        double[][] a = {{1, 0}, {0, 1}, {1, 1}};
        double[] x = {2, 3};
        double[] y = {2, 3, 5};
        NonNegativeLeastSquares.Solution s = NonNegativeLeastSquares.linear(a, y);
        assertArrayEquals(x, s.coefficients(), 1e-9);
        assertEquals(0, s.cost(), 1e-12);
    }

    /** Tolerance: the cost matches the exhaustive optimum to 1e-9 relative (1e-12 absolute), rank-deficient cases included. */
    @Test
    void matchesExhaustiveActiveSetOptimumOnRandomProblems() {
        Random random = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            int rows = 3 + random.nextInt(30);
            int columns = 1 + random.nextInt(5);
            double[][] a = new double[rows][columns];
            double[] y = new double[rows];
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < columns; j++) {
                    a[i][j] = random.nextGaussian();
                }
                y[i] = random.nextGaussian();
                if (trial % 4 == 0 && columns > 1) {
                    // Rank-deficient, as under-determined speed fits are: the last column repeats the first.
                    a[i][columns - 1] = a[i][0];
                }
            }
            NonNegativeLeastSquares.Solution s = NonNegativeLeastSquares.linear(a, y);
            double optimum = exhaustiveOptimum(a, y);
            assertEquals(optimum, s.cost(), 1e-9 * optimum + 1e-12, "trial " + trial);
            for (double c : s.coefficients()) {
                assertTrue(c >= 0, "negative coefficient in trial " + trial);
            }
        }
    }

    @Test
    void neverReturnsNegativeCoefficientsEvenWhenDataWantThem() {
        // y = 3 - 2 x: the unconstrained slope is negative, the constrained one must be 0.
        double[][] a = {{1, 0}, {1, 1}, {1, 2}, {1, 3}};
        double[] y = {3, 1, -1, -3};
        NonNegativeLeastSquares.Solution s = NonNegativeLeastSquares.linear(a, y);
        assertEquals(0, s.coefficient(1), 0);
        assertEquals(0, s.coefficient(0), 1e-9); // the mean of y is 0
    }

    @Test
    void solvesUnderDeterminedSystemsWithNonNegativeZeroResidualSolution() {
        double[][] a = {{1, 2, 3, 4}, {2, 1, 0, 1}};
        double[] y = {10, 4};
        NonNegativeLeastSquares.Solution s = NonNegativeLeastSquares.linear(a, y);
        assertEquals(0, s.cost(), 1e-9);
        for (double c : s.coefficients()) {
            assertTrue(c >= 0);
        }
    }

    @Test
    void fitsNonlinearModelFromSeveralStartsAndKeepsTheBest() {
        // y = a exp(-b x), a = 2, b = 0.5.
        double[] x = {0, 0.5, 1, 1.5, 2, 3, 4, 5};
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            y[i] = 2 * Math.exp(-0.5 * x[i]);
        }
        MultivariateJacobianFunction model = point -> {
            double[] v = new double[x.length];
            double[][] j = new double[x.length][2];
            for (int i = 0; i < x.length; i++) {
                double e = Math.exp(-point.getEntry(1) * x[i]);
                v[i] = point.getEntry(0) * e;
                j[i][0] = e;
                j[i][1] = -x[i] * point.getEntry(0) * e;
            }
            return new Pair<RealVector, RealMatrix>(new ArrayRealVector(v), new Array2DRowRealMatrix(j));
        };
        NonNegativeLeastSquares.Solution s = NonNegativeLeastSquares.nonlinear(
                model, y, List.of(new double[] {-1, 5}, new double[] {1, 1}), 100);
        assertArrayEquals(new double[] {2, 0.5}, s.coefficients(), 1e-6);
    }

    @Test
    void returnsBestPointSeenWhenIterationsRunOut() {
        double[] x = {0, 1, 2, 3, 4};
        double[] y = {1, 0.5, 0.25, 0.125, 0.0625};
        MultivariateJacobianFunction model = point -> {
            double[] v = new double[x.length];
            double[][] j = new double[x.length][2];
            for (int i = 0; i < x.length; i++) {
                double e = Math.exp(-point.getEntry(1) * x[i]);
                v[i] = point.getEntry(0) * e;
                j[i][0] = e;
                j[i][1] = -x[i] * point.getEntry(0) * e;
            }
            return new Pair<RealVector, RealMatrix>(new ArrayRealVector(v), new Array2DRowRealMatrix(j));
        };
        double[] start = {5, 3};
        double startCost = 0;
        for (int i = 0; i < x.length; i++) {
            startCost += Math.pow(5 * Math.exp(-3 * x[i]) - y[i], 2);
        }
        NonNegativeLeastSquares.Solution s = NonNegativeLeastSquares.nonlinear(model, y, List.of(start), 1);
        assertTrue(s.cost() <= startCost);
        assertTrue(s.coefficient(0) >= 0 && s.coefficient(1) >= 0);
    }

    @Test
    void solutionIsImmutable() {
        NonNegativeLeastSquares.Solution s = NonNegativeLeastSquares.linear(new double[][] {{1}}, new double[] {2});
        s.coefficients()[0] = -5;
        assertEquals(2, s.coefficient(0), 1e-9);
    }

    /** Brute force over every support: the NNLS optimum is the unconstrained fit on its support. */
    private static double exhaustiveOptimum(double[][] a, double[] y) {
        int columns = a[0].length;
        RealVector target = new ArrayRealVector(y);
        double best = target.dotProduct(target);
        for (int m = 1; m < (1 << columns); m++) {
            int mask = m;
            int[] support = java.util.stream.IntStream.range(0, columns).filter(j -> ((1 << j) & mask) != 0).toArray();
            int[] rows = java.util.stream.IntStream.range(0, a.length).toArray();
            RealMatrix reduced = new Array2DRowRealMatrix(a).getSubMatrix(rows, support);
            RealVector x = new SingularValueDecomposition(reduced).getSolver().solve(target);
            if (x.getMinValue() < 0) {
                continue;
            }
            RealVector r = reduced.operate(x).subtract(target);
            best = Math.min(best, r.dotProduct(r));
        }
        return best;
    }
}
