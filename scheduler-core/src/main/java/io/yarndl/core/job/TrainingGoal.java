package io.yarndl.core.job;

/**
 * When a job is done: at a target training loss (Optimus' convergence criterion, predicted from
 * the fitted loss curve) or after a fixed number of steps (epochs times steps per epoch).
 */
public sealed interface TrainingGoal {

    static TrainingGoal targetLoss(double loss) {
        return new TargetLoss(loss);
    }

    static TrainingGoal steps(long totalSteps) {
        return new FixedSteps(totalSteps);
    }

    /** Done once the training loss reaches {@code loss}. */
    record TargetLoss(double loss) implements TrainingGoal {
        public TargetLoss {
            if (!(loss > 0) || Double.isInfinite(loss)) {
                throw new IllegalArgumentException("target loss must be a positive finite number, got " + loss);
            }
        }
    }

    /** Done after {@code totalSteps} optimiser steps. */
    record FixedSteps(long totalSteps) implements TrainingGoal {
        public FixedSteps {
            if (totalSteps <= 0) {
                throw new IllegalArgumentException("total steps must be positive, got " + totalSteps);
            }
        }
    }
}
