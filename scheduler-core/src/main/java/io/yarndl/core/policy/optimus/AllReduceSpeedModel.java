package io.yarndl.core.policy.optimus;

import java.util.List;

/**
 * Speed model for synchronous all-reduce training (PyTorch DDP: no parameter servers), in the
 * spirit of Optimus' synchronous model (Peng et al., EuroSys'18, §3.2) with the parameter-server
 * terms replaced by the cost of a ring all-reduce (Patarasuk and Yuan, JPDC 2009; Thakur et al.,
 * IJHPCA 2005). Seconds per step of the reference global batch M, split evenly over w workers:
 *
 * <pre>  T(w) = theta0 / w + theta1 * (w - 1) / w + theta2 * (w - 1)
 *  f(w) = 1 / T(w),    theta0, theta1, theta2 >= 0</pre>
 *
 * Why this form. A step is compute on M/w samples (c M / w) plus a fixed per-step cost o
 * (optimizer update, kernel launches), plus the ring all-reduce of S bytes of gradients, which
 * moves 2 (w - 1) / w * S bytes per worker at bandwidth B and takes 2 (w - 1) hops of latency a.
 * Writing o = o / w + o (w - 1) / w regroups the step time exactly as above, with
 * theta0 = c M + o (the time one worker needs alone), theta1 = o + 2 S / B (what becomes
 * communication and replicated work once there is more than one worker) and theta2 = 2 a (ring
 * latency per extra worker). At w = 1 there is no communication, T(1) = theta0. Adding a worker
 * helps while theta0 > theta1 + theta2 w^2 and hurts beyond, so the model can say both. The three
 * functions span the same space as Optimus' synchronous form without p (t0 M/w + t1 + t3 w), but
 * the non-negativity constraints sit on physically meaningful terms.
 *
 * <p>Fitted by {@link NonNegativeLeastSquares non-negative least squares} on the linear form
 * {@code 1 / f = T(w)}. With fewer than three distinct worker counts the system is
 * under-determined: the fit reproduces the observed speeds, but extrapolation is only as good as
 * the non-negative solution chosen. Immutable.
 */
public record AllReduceSpeedModel(double theta0, double theta1, double theta2) implements SpeedModel {

    public AllReduceSpeedModel {
        if (!(theta0 >= 0 && theta1 >= 0 && theta2 >= 0) || !Double.isFinite(theta0 + theta1 + theta2)) {
            throw new IllegalArgumentException("all-reduce speed model needs finite theta0..theta2 >= 0, got "
                    + theta0 + ", " + theta1 + ", " + theta2);
        }
    }

    /**
     * Fits the model to {@code observations}; their parameter-server counts are ignored.
     *
     * @throws IllegalArgumentException when there is no observation
     */
    public static AllReduceSpeedModel fit(List<SpeedObservation> observations) {
        double[] theta = SpeedRegression.fit(observations, SpeedObservation::secondsPerStep,
                (w, p) -> new double[] {1.0 / w, (w - 1.0) / w, w - 1.0});
        return new AllReduceSpeedModel(theta[0], theta[1], theta[2]);
    }

    /** Predicted steps of the reference global batch per second; {@code ps} is ignored; 0 without a worker. */
    @Override
    public double stepsPerSecond(int workers, int ps) {
        if (workers < 1) {
            return 0.0;
        }
        double stepTime = secondsPerStep(workers);
        // Only an all-zero model (never fitted from positive speeds) has no step time: it predicts nothing.
        return stepTime > 0 ? 1.0 / stepTime : 0.0;
    }

    /** T(w), seconds per step of the reference global batch with {@code workers >= 1} workers. */
    public double secondsPerStep(int workers) {
        return theta0 / workers + theta1 * (workers - 1.0) / workers + theta2 * (workers - 1.0);
    }

    /** {theta0, theta1, theta2}. */
    @Override
    public double[] coefficients() {
        return new double[] {theta0, theta1, theta2};
    }
}
