package io.yarndl.core.policy.optimus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The shared fitting step of the linearised speed models: {@code target(obs) = features(obs) . theta},
 * {@code theta >= 0}, by {@link NonNegativeLeastSquares#linear(double[][], double[], double[])}.
 *
 * <p>Observations at the same (workers, ps) are merged into one row holding their mean target,
 * weighted by the square root of their count. That gives exactly the least-squares solution of the
 * unmerged rows (the within-group scatter is a constant the coefficients cannot change) while the
 * problem stays as small as the number of configurations the job has run at, however long it runs.
 */
final class SpeedRegression {

    /** The features of one configuration, in the order of the model's coefficients. */
    interface Features {
        double[] of(int workers, int ps);
    }

    private SpeedRegression() {
    }

    static double[] fit(List<SpeedObservation> observations, ToDoubleFunction<SpeedObservation> target,
                        Features features) {
        if (observations.isEmpty()) {
            throw new IllegalArgumentException("a speed model needs at least one observation");
        }
        Map<Long, double[]> sums = new LinkedHashMap<>();
        for (SpeedObservation o : observations) {
            long key = ((long) o.workers() << 32) | (o.ps() & 0xffffffffL);
            double[] sum = sums.computeIfAbsent(key, x -> new double[2]);
            sum[0] += target.applyAsDouble(o);
            sum[1] += 1;
        }
        int rows = sums.size();
        double[][] design = new double[rows][];
        double[] observed = new double[rows];
        double[] weights = new double[rows];
        int row = 0;
        for (Map.Entry<Long, double[]> e : sums.entrySet()) {
            int workers = (int) (e.getKey() >>> 32);
            int ps = (int) (long) e.getKey();
            double[] sum = e.getValue();
            design[row] = features.of(workers, ps);
            observed[row] = sum[0] / sum[1];
            weights[row] = Math.sqrt(sum[1]);
            row++;
        }
        return NonNegativeLeastSquares.linear(design, observed, weights).coefficients();
    }

    /** The observations with at least one parameter server: PS models divide by ps. */
    static List<SpeedObservation> withParameterServers(List<SpeedObservation> observations) {
        List<SpeedObservation> kept = new ArrayList<>(observations.size());
        for (SpeedObservation o : observations) {
            if (o.ps() >= 1) {
                kept.add(o);
            }
        }
        return kept;
    }
}
