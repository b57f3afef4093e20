package io.yarndl.sim.workload;

import io.yarndl.core.policy.optimus.AllReduceSpeedModel;
import io.yarndl.core.policy.optimus.SpeedModel;
import io.yarndl.core.policy.optimus.SyncPsSpeedModel;
import java.util.List;

/**
 * Which parametric speed formula a job type's coefficients belong to, as written in the
 * {@code speed_form} column of {@code job-types.csv}.
 */
public enum SpeedForm {

    /**
     * Optimus' synchronous parameter-server formula, {@link SyncPsSpeedModel}:
     * {@code f(p, w) = 1 / (t0 M / w + t1 + t2 w / p + t3 w + t4 p)}, coefficients t0..t4.
     */
    SYNC_PS(5),

    /**
     * The ring all-reduce form, {@link AllReduceSpeedModel}:
     * {@code f(w) = 1 / (theta0 / w + theta1 (w - 1) / w + theta2 (w - 1))}, coefficients theta0..theta2.
     */
    ALLREDUCE(3);

    private final int coefficientCount;

    SpeedForm(int coefficientCount) {
        this.coefficientCount = coefficientCount;
    }

    public int coefficientCount() {
        return coefficientCount;
    }

    /** The model with these coefficients; {@code globalBatch} is M (used by {@link #SYNC_PS} only). */
    public SpeedModel model(List<Double> c, int globalBatch) {
        if (c.size() != coefficientCount) {
            throw new IllegalArgumentException(this + " needs " + coefficientCount + " coefficients, got " + c.size());
        }
        return switch (this) {
            case SYNC_PS -> new SyncPsSpeedModel(c.get(0), c.get(1), c.get(2), c.get(3), c.get(4), globalBatch);
            case ALLREDUCE -> new AllReduceSpeedModel(c.get(0), c.get(1), c.get(2));
        };
    }
}
