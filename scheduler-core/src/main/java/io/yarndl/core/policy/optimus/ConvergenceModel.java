package io.yarndl.core.policy.optimus;

/**
 * A job's fitted training-loss curve, Optimus' convergence model (Peng et al., EuroSys'18, §3.1):
 *
 * <pre>  l(k) / lossScale = 1 / (b0 * k + b1) + b2,    b0, b1, b2 >= 0</pre>
 *
 * where k is the step and {@code lossScale} the largest loss seen, by which the samples were
 * normalised before fitting. Immutable.
 *
 * @param b0          how fast the loss falls
 * @param b1          sets the initial (normalised) loss: 1 / b1 + b2 at step 0
 * @param b2          the normalised loss the curve levels off at
 * @param lossScale   the normalisation factor (the maximum loss seen)
 * @param samplesUsed how many samples the fit kept after pre-processing
 */
public record ConvergenceModel(double b0, double b1, double b2, double lossScale, int samplesUsed) {

    public ConvergenceModel {
        if (!(b0 >= 0 && b1 >= 0 && b2 >= 0 && lossScale > 0)) {
            throw new IllegalArgumentException("convergence model needs b0, b1, b2 >= 0 and lossScale > 0, got "
                    + b0 + ", " + b1 + ", " + b2 + ", " + lossScale);
        }
    }

    /** Predicted (un-normalised) loss at {@code step}. */
    public double loss(double step) {
        return lossScale * (1.0 / (b0 * step + b1) + b2);
    }

    /**
     * The step at which the predicted loss first reaches {@code targetLoss}; positive infinity when
     * the curve levels off above it, 0 when the curve starts below it.
     */
    public double stepAtLoss(double targetLoss) {
        double target = targetLoss / lossScale;
        if (target <= b2 || b0 <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        double step = (1.0 / (target - b2) - b1) / b0;
        return Math.max(0, step);
    }

    /** Steps still to go from {@code currentStep} until the loss reaches {@code targetLoss}. */
    public double remainingSteps(long currentStep, double targetLoss) {
        return Math.max(0, stepAtLoss(targetLoss) - currentStep);
    }
}
