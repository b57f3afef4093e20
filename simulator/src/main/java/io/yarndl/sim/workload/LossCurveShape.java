package io.yarndl.sim.workload;

/**
 * Per-type shape of the true training-loss curve, of Optimus' form
 * {@code l(k) = 1 / (b0 k + b1) + b2}: it starts at {@code initialLoss}, levels off at
 * {@code floorLoss}, and the job has converged when it is within {@code convergenceGap} of the
 * floor. A job's {@code b0} follows from how many steps it needs ({@link #forRequiredSteps(long)}).
 */
public record LossCurveShape(double initialLoss, double floorLoss, double convergenceGap) {

    public LossCurveShape {
        if (!(floorLoss >= 0 && convergenceGap > 0 && initialLoss > floorLoss + convergenceGap)) {
            throw new IllegalArgumentException("loss curve needs initialLoss > floorLoss + convergenceGap > floorLoss >= 0, got "
                    + initialLoss + ", " + floorLoss + ", " + convergenceGap);
        }
    }

    /** The loss a job of this type must reach: its convergence threshold. */
    public double targetLoss() {
        return floorLoss + convergenceGap;
    }

    /** The true curve of a job that converges after exactly {@code requiredSteps} steps. */
    public TrueLossCurve forRequiredSteps(long requiredSteps) {
        double b1 = 1.0 / (initialLoss - floorLoss);
        double b0 = (1.0 / convergenceGap - b1) / requiredSteps;
        return new TrueLossCurve(b0, b1, floorLoss);
    }

    /** One job's true curve {@code l(k) = 1 / (b0 k + b1) + b2}. */
    public record TrueLossCurve(double b0, double b1, double b2) {
        public double loss(double step) {
            return 1.0 / (b0 * step + b1) + b2;
        }
    }
}
