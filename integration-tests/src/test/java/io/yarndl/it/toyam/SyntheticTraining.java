package io.yarndl.it.toyam;

import io.yarndl.core.job.TrainingGoal;

/**
 * The toy job's ground truth, so scheduler tests know what a model fitted to its progress should
 * find. Loss follows Optimus' convergence form (Peng et al., EuroSys'18)
 * {@code loss(k) = 1/(b0*k + b1) + b2} at step k; speed scales sub-linearly with workers,
 * {@code steps/s(w) = w*s1 / (1 + c*(w-1))}. Not thread-safe: one thread advances it.
 */
public final class SyntheticTraining {

    private final double b0;
    private final double b1;
    private final double b2;
    private final double s1;
    private final double c;
    private final TrainingGoal goal;
    private double step;

    public SyntheticTraining(double b0, double b1, double b2, double s1, double c, TrainingGoal goal) {
        this.b0 = b0;
        this.b1 = b1;
        this.b2 = b2;
        this.s1 = s1;
        this.c = c;
        this.goal = goal;
    }

    public double lossAt(double k) {
        return 1.0 / (b0 * k + b1) + b2;
    }

    public double stepsPerSecond(int workers) {
        return workers <= 0 ? 0 : workers * s1 / (1 + c * (workers - 1));
    }

    /** Trains for {@code seconds} with {@code workers} workers. */
    public void advance(int workers, double seconds) {
        step += stepsPerSecond(workers) * Math.max(0, seconds);
    }

    public double step() {
        return step;
    }

    public double loss() {
        return lossAt(step);
    }

    /** True once the goal is met: the step count reached, or the loss down to the target. */
    public boolean done() {
        if (goal instanceof TrainingGoal.FixedSteps steps) {
            return step >= steps.totalSteps();
        }
        return loss() <= ((TrainingGoal.TargetLoss) goal).loss();
    }

    /** True when the goal can be met at all: a target loss above b2, the loss the curve tends to. */
    public boolean reachable() {
        return !(goal instanceof TrainingGoal.TargetLoss target) || target.loss() > b2;
    }

    /** Fraction of the goal done, in [0, 1]: of the steps, or of the way from the first loss to the target. */
    public float fractionDone() {
        double fraction;
        if (goal instanceof TrainingGoal.FixedSteps steps) {
            fraction = step / steps.totalSteps();
        } else {
            double start = lossAt(0);
            double target = ((TrainingGoal.TargetLoss) goal).loss();
            fraction = start <= target ? 1 : (start - loss()) / (start - target);
        }
        return (float) Math.min(1, Math.max(0, fraction));
    }
}
