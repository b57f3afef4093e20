package io.yarndl.sim.workload.derive;

import io.yarndl.sim.workload.FitQuality;
import java.util.Arrays;
import java.util.List;

/** Computes {@link FitQuality} from (predicted, measured) speed pairs. */
final class FitQualities {

    private FitQualities() {
    }

    /**
     * @param predictedMeasured pairs {predicted, measured}, measured positive
     * @param skipped           measurements dropped before fitting
     */
    static FitQuality of(List<double[]> predictedMeasured, int skipped) {
        int n = predictedMeasured.size();
        double mean = 0;
        for (double[] pm : predictedMeasured) {
            mean += pm[1] / n;
        }
        double residual = 0;
        double total = 0;
        double squaredRel = 0;
        double[] rel = new double[n];
        for (int i = 0; i < n; i++) {
            double[] pm = predictedMeasured.get(i);
            residual += (pm[0] - pm[1]) * (pm[0] - pm[1]);
            total += (pm[1] - mean) * (pm[1] - mean);
            rel[i] = Math.abs(pm[0] - pm[1]) / pm[1];
            squaredRel += rel[i] * rel[i];
        }
        Arrays.sort(rel);
        double median = n % 2 == 1 ? rel[n / 2] : (rel[n / 2 - 1] + rel[n / 2]) / 2;
        double r2 = total > 0 ? 1 - residual / total : 1.0;
        return new FitQuality(n, skipped, r2, median, Math.sqrt(squaredRel / n), rel[n - 1]);
    }
}
