package io.yarndl.core.policy.smd;

import io.yarndl.core.policy.optimus.NonNegativeLeastSquares;
import io.yarndl.core.policy.optimus.SpeedObservation;

import java.util.List;
import java.util.Locale;

/**
 * The numbers that turn a layer table into seconds in {@link IterationModel}: how long the whole
 * global batch's forward and backward passes take on one worker, a fixed cost per step, seconds
 * per byte through the busiest link, and a cost per worker and per server (Optimus' t3 and t4,
 * which the paper's model leaves out; with them the fit to DL2's speeds is closer, docs/smd.md). Fitted by non-negative least squares on relative
 * error to measured speeds (DL2's, shipped in {@link ShippedCalibrations}, and each job's own
 * progress samples online), as Optimus fits its speed curves. Immutable.
 *
 * @param computeSec     seconds of the global batch's computation on one worker (split over w)
 * @param overheadSec    seconds per step that no worker or server count changes
 * @param secondsPerByte seconds per byte on the busiest link (1 / its bandwidth)
 * @param perWorkerSec   seconds per step per worker (synchronisation: the step waits for the slowest)
 * @param perServerSec   seconds per step per server (one more connection per worker)
 */
public record Calibration(double computeSec, double overheadSec, double secondsPerByte, double perWorkerSec,
                          double perServerSec) {

    /** Fewest distinct (workers, servers) configurations a fit of all five numbers needs. */
    public static final int MIN_CONFIGURATIONS = 5;

    public Calibration {
        if (!(computeSec >= 0 && overheadSec >= 0 && secondsPerByte >= 0 && perWorkerSec >= 0 && perServerSec >= 0)
                || !Double.isFinite(computeSec + overheadSec + secondsPerByte + perWorkerSec + perServerSec)) {
            throw new IllegalArgumentException("calibration needs finite values >= 0, got compute " + computeSec
                    + " s, overhead " + overheadSec + " s, " + secondsPerByte + " s/byte, " + perWorkerSec
                    + " s/worker, " + perServerSec + " s/server");
        }
        if (computeSec + overheadSec + secondsPerByte * 1e6 <= 0) {
            throw new IllegalArgumentException("calibration predicts steps that take no time");
        }
    }

    /** The paper's model alone: no cost per task. */
    public Calibration(double computeSec, double overheadSec, double secondsPerByte) {
        this(computeSec, overheadSec, secondsPerByte, 0, 0);
    }

    /**
     * Fits the five numbers to {@code observations} of a job whose layers are {@code model}'s.
     *
     * @throws IllegalArgumentException without an observation with a parameter server
     */
    public static Calibration fit(IterationModel.Shape model, List<SpeedObservation> observations) {
        List<SpeedObservation> usable = observations.stream().filter(o -> o.ps() >= 1).toList();
        if (usable.isEmpty()) {
            throw new IllegalArgumentException("no speed measured with a parameter server to calibrate "
                    + model.table().model() + " with");
        }
        double[][] design = new double[usable.size()][];
        double[] seconds = new double[usable.size()];
        double[] weights = new double[usable.size()];
        for (int i = 0; i < usable.size(); i++) {
            SpeedObservation o = usable.get(i);
            design[i] = new double[] {1.0 / o.workers(), 1.0, model.bottleneckBytes(o.workers(), o.ps()), o.workers(),
                    o.ps()};
            seconds[i] = o.secondsPerStep();
            // Relative error: a slow configuration's seconds must not outweigh a fast one's.
            weights[i] = 1.0 / seconds[i];
        }
        double[] c = NonNegativeLeastSquares.linear(design, seconds, weights).coefficients();
        return new Calibration(c[0], c[1], c[2], c[3], c[4]);
    }

    /** This calibration with every time scaled by {@code factor} (a job measured slower or faster than its type). */
    public Calibration scaled(double factor) {
        return new Calibration(computeSec * factor, overheadSec * factor, secondsPerByte * factor,
                perWorkerSec * factor, perServerSec * factor);
    }

    /** The link bandwidth it implies, bytes per second (infinite when communication was fitted free). */
    public double impliedBytesPerSecond() {
        return secondsPerByte > 0 ? 1 / secondsPerByte : Double.POSITIVE_INFINITY;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "compute %.4f s, overhead %.4f s, link %.1f MB/s, %.5f s/worker,"
                + " %.5f s/server", computeSec, overheadSec, impliedBytesPerSecond() / 1e6, perWorkerSec, perServerSec);
    }
}
