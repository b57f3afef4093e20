package io.yarndl.core.policy.optimus;

import java.util.List;

/**
 * Optimus' speed model for asynchronous parameter-server training (Peng et al., EuroSys'18, §3.2):
 *
 * <pre>  f(p, w) = w / (t0 + t1 * w / p + t2 * w + t3 * p),    t0..t3 >= 0</pre>
 *
 * in steps per second with {@code w} workers and {@code p} parameter servers. Each worker runs its
 * own step loop, so the job's speed is w times one worker's; a worker's step takes a fixed compute
 * and push/pull time (t0), plus the time to transfer the parameters through p servers shared by
 * w workers (t1 w/p), plus overheads that grow with the number of workers (t2 w) and of servers
 * (t3 p). Fitted by {@link NonNegativeLeastSquares non-negative least squares} on the linear form
 *
 * <pre>  w / f = t0 + t1 * w / p + t2 * w + t3 * p.</pre>
 *
 * With fewer distinct (w, p) configurations than four the system is under-determined: the fit
 * still returns a non-negative solution that reproduces the observed speeds, but its predictions
 * for unseen configurations are only as good as that choice. Immutable.
 */
public record AsyncPsSpeedModel(double t0, double t1, double t2, double t3) implements SpeedModel {

    public AsyncPsSpeedModel {
        if (!(t0 >= 0 && t1 >= 0 && t2 >= 0 && t3 >= 0) || !Double.isFinite(t0 + t1 + t2 + t3)) {
            throw new IllegalArgumentException("async PS speed model needs finite t0..t3 >= 0, got "
                    + t0 + ", " + t1 + ", " + t2 + ", " + t3);
        }
    }

    /**
     * Fits the model to {@code observations}; those without a parameter server are ignored (the
     * formula divides by p).
     *
     * @throws IllegalArgumentException when no observation has a parameter server
     */
    public static AsyncPsSpeedModel fit(List<SpeedObservation> observations) {
        double[] t = SpeedRegression.fit(SpeedRegression.withParameterServers(observations),
                o -> o.workers() * o.secondsPerStep(),
                (w, p) -> new double[] {1.0, (double) w / p, w, p});
        return new AsyncPsSpeedModel(t[0], t[1], t[2], t[3]);
    }

    /** Predicted steps per second; 0 without a worker or a parameter server. */
    @Override
    public double stepsPerSecond(int workers, int ps) {
        if (workers < 1 || ps < 1) {
            return 0.0;
        }
        double stepTime = t0 + t1 * workers / ps + t2 * workers + t3 * ps;
        // Only an all-zero model (never fitted from positive speeds) has no step time: it predicts nothing.
        return stepTime > 0 ? workers / stepTime : 0.0;
    }

    /** {t0, t1, t2, t3}. */
    @Override
    public double[] coefficients() {
        return new double[] {t0, t1, t2, t3};
    }
}
