package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.JobView;
import java.util.Optional;

/**
 * What Optimus believes about one job this round: how many steps it still needs and how fast it
 * would train at each size. A job without both models yet gets its minimum size only.
 *
 * @param job            the job
 * @param remainingSteps predicted steps to convergence (NaN when unknown)
 * @param speed          fitted speed model, when the job has reported speeds
 * @param convergence    fitted loss curve, when the job has reported enough losses
 */
record JobEstimate(JobView job, double remainingSteps, Optional<SpeedModel> speed,
                   Optional<ConvergenceModel> convergence) {

    /** True when marginal gains can be computed: both a speed and a remaining-work estimate. */
    boolean isModelled() {
        return speed.isPresent() && Double.isFinite(remainingSteps) && remainingSteps > 0;
    }

    /** True when the job has no steps left to its goal (it is finishing): more workers gain nothing. */
    boolean reachedGoal() {
        return Double.isFinite(remainingSteps) && remainingSteps <= 0;
    }

    /** Predicted remaining seconds at {@code workers} and {@code ps}; infinite at zero speed. */
    double remainingSeconds(int workers, int ps) {
        double stepsPerSecond = speed.orElseThrow().stepsPerSecond(workers, ps);
        return stepsPerSecond > 0 ? remainingSteps / stepsPerSecond : Double.POSITIVE_INFINITY;
    }
}
