package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TrainingGoal;

import java.util.Optional;

/**
 * Steps a job still needs, as Optimus reckons them (Peng et al., EuroSys'18, §3.1), shared with the
 * policies that borrow Optimus' convergence estimate (SMD). A fixed-step goal is exact. A target
 * loss is read off the fitted curve; while no curve fits, or the fitted curve levels off above the
 * target (noise can do that), the estimate is the steps done so far: a job is assumed to be
 * half-way, the usual heavy-tailed prior, refined as soon as the curve fits.
 */
public final class RemainingSteps {

    private RemainingSteps() {
    }

    /** Remaining steps of {@code job} given its fitted curve, if any; NaN before any step with no curve. */
    public static double of(JobView job, Optional<ConvergenceModel> convergence) {
        long step = job.currentStep();
        if (job.spec().goal() instanceof TrainingGoal.FixedSteps fixed) {
            return Math.max(0, fixed.totalSteps() - step);
        }
        double target = ((TrainingGoal.TargetLoss) job.spec().goal()).loss();
        double predicted = convergence.map(model -> model.remainingSteps(step, target)).orElse(Double.NaN);
        if (Double.isFinite(predicted)) {
            return predicted;
        }
        return step > 0 ? step : Double.NaN;
    }
}
