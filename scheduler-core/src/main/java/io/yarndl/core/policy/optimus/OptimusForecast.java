package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.PolicyState;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What Optimus' fitted models predict about one job, for people reading the scheduler (the RM's
 * REST API and web page): the loss at a step, the speed at a size, the time still to go. Built from
 * the plain values a policy saved ({@link PolicyState.FittedJob}) and computed by the very model
 * classes the policy plans with ({@link ConvergenceModel}, the {@link SpeedModel}s, the remaining
 * work of {@link ModelCache#remainingSteps} and {@link JobEstimate#remainingSeconds}), so what a
 * person reads is what the policy believed. Immutable.
 */
public final class OptimusForecast {

    private final JobView job;
    private final Optional<ConvergenceModel> convergence;
    private final Optional<SpeedModel> speed;

    private OptimusForecast(JobView job, Optional<ConvergenceModel> convergence, Optional<SpeedModel> speed) {
        this.job = job;
        this.convergence = convergence;
        this.speed = speed;
    }

    /**
     * The forecast for {@code job} from what the policy fitted for it.
     *
     * @param fitted the job's saved models; either may be null (not fitted yet)
     * @throws IllegalArgumentException when a saved model cannot be rebuilt (unknown speed form,
     *                                  parameters the model refuses)
     */
    public static OptimusForecast of(JobView job, PolicyState.FittedJob fitted) {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(fitted, "fitted");
        return new OptimusForecast(job,
                Optional.ofNullable(fitted.curve()).map(FittedModelForms::fromStored),
                Optional.ofNullable(fitted.speed()).map(FittedModelForms::fromStored));
    }

    /** Whether a loss curve was fitted (Optimus fits one only for jobs with a target loss). */
    public boolean hasLossCurve() {
        return convergence.isPresent();
    }

    /** The fitted curve's (un-normalised) loss at {@code step}; empty without a curve. */
    public OptionalDouble lossAt(double step) {
        return convergence.map(model -> OptionalDouble.of(model.loss(step))).orElse(OptionalDouble.empty());
    }

    /** Predicted steps per second at {@code workers} and {@code ps}; empty without a speed model. */
    public OptionalDouble stepsPerSecond(int workers, int ps) {
        return speed.map(model -> OptionalDouble.of(model.stepsPerSecond(workers, ps))).orElse(OptionalDouble.empty());
    }

    /** Steps still to go as the policy reckons them (NaN when it cannot tell yet). */
    public double remainingSteps() {
        return ModelCache.remainingSteps(job, convergence);
    }

    /**
     * The predicted time to the job's goal at {@code workers} workers and {@code ps} parameter
     * servers, or why there is none.
     */
    public RemainingTime remainingTime(int workers, int ps) {
        double steps = remainingSteps();
        if (speed.isEmpty()) {
            return RemainingTime.unknown(steps, "no speed model fitted yet (the job has reported no speed)");
        }
        if (Double.isNaN(steps)) {
            return RemainingTime.unknown(steps, "no loss curve fitted yet and no steps done");
        }
        if (workers < 1) {
            return RemainingTime.unknown(steps, "the job has no workers to train with");
        }
        double seconds = new JobEstimate(job, steps, speed, convergence).remainingSeconds(workers, ps);
        if (!Double.isFinite(seconds)) {
            return RemainingTime.unknown(steps, "the speed model predicts no progress at " + workers + " workers");
        }
        return new RemainingTime(seconds, steps, null);
    }

    /**
     * A predicted remaining time.
     *
     * @param seconds the prediction, or null when there is none
     * @param steps   the remaining steps it is based on (NaN when unknown)
     * @param reason  why there is no prediction; null when there is one
     */
    public record RemainingTime(Double seconds, double steps, String reason) {

        static RemainingTime unknown(double steps, String reason) {
            return new RemainingTime(null, steps, reason);
        }
    }
}
