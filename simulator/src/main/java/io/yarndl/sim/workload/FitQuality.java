package io.yarndl.sim.workload;

/**
 * How well a job type's fitted ground-truth speed reproduces the measurements it was fitted to,
 * over the individual measured points (not merged by configuration). Relative errors are
 * {@code |predicted - measured| / measured} of the speed.
 *
 * @param points         measured points kept
 * @param skipped        measured points dropped as measurement failures (zero speed)
 * @param r2             coefficient of determination of the predicted speeds
 * @param medianRelError median relative error
 * @param rmsRelError    root mean square of the relative errors
 * @param maxRelError    largest relative error
 */
public record FitQuality(int points, int skipped, double r2, double medianRelError, double rmsRelError,
                         double maxRelError) {

    public FitQuality {
        if (points < 1 || skipped < 0) {
            throw new IllegalArgumentException("fit quality needs points >= 1 and skipped >= 0, got "
                    + points + ", " + skipped);
        }
    }
}
