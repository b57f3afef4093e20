package io.yarndl.core.policy.optimus;

import java.util.List;

/**
 * Optimus' speed model for synchronous parameter-server training (Peng et al., EuroSys'18, §3.2):
 *
 * <pre>  f(p, w) = 1 / (t0 * M / w + t1 + t2 * w / p + t3 * w + t4 * p),    t0..t4 >= 0</pre>
 *
 * in steps per second with {@code w} workers, {@code p} parameter servers and a global batch of
 * {@code M} samples per step. A step is the forward/backward pass over each worker's M/w samples
 * (t0 M/w), a fixed cost (t1), the parameter transfer through p servers shared by w workers
 * (t2 w/p), and overheads growing with the numbers of workers (t3 w) and servers (t4 p). Fitted by
 * {@link NonNegativeLeastSquares non-negative least squares} on the linear form
 *
 * <pre>  1 / f = t0 * M / w + t1 + t2 * w / p + t3 * w + t4 * p.</pre>
 *
 * With fewer distinct (w, p) configurations than five the system is under-determined: the fit
 * still returns a non-negative solution that reproduces the observed speeds, but its predictions
 * for unseen configurations are only as good as that choice. Immutable.
 *
 * @param globalBatch M, samples per step (the job's {@code globalBatchSize})
 */
public record SyncPsSpeedModel(double t0, double t1, double t2, double t3, double t4, int globalBatch)
        implements SpeedModel {

    public SyncPsSpeedModel {
        if (!(t0 >= 0 && t1 >= 0 && t2 >= 0 && t3 >= 0 && t4 >= 0) || !Double.isFinite(t0 + t1 + t2 + t3 + t4)) {
            throw new IllegalArgumentException("sync PS speed model needs finite t0..t4 >= 0, got "
                    + t0 + ", " + t1 + ", " + t2 + ", " + t3 + ", " + t4);
        }
        if (globalBatch < 1) {
            throw new IllegalArgumentException("sync PS speed model needs a positive global batch, got " + globalBatch);
        }
    }

    /**
     * Fits the model to {@code observations}; those without a parameter server are ignored (the
     * formula divides by p).
     *
     * @param globalBatch M, samples per step
     * @throws IllegalArgumentException when no observation has a parameter server
     */
    public static SyncPsSpeedModel fit(List<SpeedObservation> observations, int globalBatch) {
        if (globalBatch < 1) {
            throw new IllegalArgumentException("global batch must be positive, got " + globalBatch);
        }
        double[] t = SpeedRegression.fit(SpeedRegression.withParameterServers(observations),
                SpeedObservation::secondsPerStep,
                (w, p) -> new double[] {(double) globalBatch / w, 1.0, (double) w / p, w, p});
        return new SyncPsSpeedModel(t[0], t[1], t[2], t[3], t[4], globalBatch);
    }

    /** Predicted steps per second; 0 without a worker or a parameter server. */
    @Override
    public double stepsPerSecond(int workers, int ps) {
        if (workers < 1 || ps < 1) {
            return 0.0;
        }
        double stepTime = t0 * globalBatch / workers + t1 + t2 * workers / ps + t3 * workers + t4 * ps;
        // Only an all-zero model (never fitted from positive speeds) has no step time: it predicts nothing.
        return stepTime > 0 ? 1.0 / stepTime : 0.0;
    }

    /** {t0, t1, t2, t3, t4}. */
    @Override
    public double[] coefficients() {
        return new double[] {t0, t1, t2, t3, t4};
    }
}
