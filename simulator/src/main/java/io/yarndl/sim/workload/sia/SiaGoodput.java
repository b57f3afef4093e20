package io.yarndl.sim.workload.sia;

import io.yarndl.core.job.BatchLimits;
import io.yarndl.sim.workload.BatchChoice;
import io.yarndl.sim.workload.GoodputTruth;
import io.yarndl.sim.workload.WorkerLayout;
import java.util.Objects;

/**
 * The goodput ground truth ({@link GoodputTruth}) of a job of one of Pollux's or Sia's
 * applications with reference batch {@code M0} (its workload's {@code batch_size}), as their
 * simulators step a job ({@code Job.step} in both {@code simulator.py} and {@code job.py}):
 * during epoch e a step at batch {@code M} makes {@code gain(M, e)} initial-batch steps of
 * progress ({@link ValidationCurves#gain}), and the job is done when its progress reaches
 * {@code P(epochs)}, the smallest progress any validated batch had after the last epoch.
 * Counted in reference steps, epoch e spans {@code (P(e+1) - P(e)) / gain(M0, e)} of them, so
 * a step at {@code M} is worth {@code gain(M, e) / gain(M0, e)} reference steps. The batch comes
 * from {@link BatchOracle}. Immutable and thread-safe.
 */
public final class SiaGoodput implements GoodputTruth {

    private final SiaApplication app;
    private final BatchOracle oracle;
    private final int referenceBatch;
    private final BatchLimits limits;
    private final double[] referenceGain;
    private final double[] stepsAtEpoch;

    /**
     * @param app            the application, its profiles read
     * @param oracle         the application's batch oracle (shared by its jobs, for its cache)
     * @param referenceBatch {@code M0}, the batch its steps are counted in, inside {@code limits}
     * @param limits         the batches it may train at
     */
    SiaGoodput(SiaApplication app, BatchOracle oracle, int referenceBatch, BatchLimits limits) {
        this.app = Objects.requireNonNull(app, "app");
        this.oracle = Objects.requireNonNull(oracle, "oracle");
        this.limits = Objects.requireNonNull(limits, "limits");
        if (!limits.allows(referenceBatch)) {
            throw new IllegalArgumentException(app.name() + ": reference batch " + referenceBatch
                    + " outside its limits [" + limits.min() + ", " + limits.max() + "]");
        }
        this.referenceBatch = referenceBatch;
        ValidationCurves curves = app.validation();
        int epochs = curves.epochs();
        this.referenceGain = new double[epochs];
        this.stepsAtEpoch = new double[epochs + 1];
        for (int e = 0; e < epochs; e++) {
            referenceGain[e] = curves.gain(referenceBatch, e);
            stepsAtEpoch[e + 1] = stepsAtEpoch[e]
                    + (curves.progressAtEpoch(e + 1) - curves.progressAtEpoch(e)) / referenceGain[e];
        }
    }

    @Override
    public BatchLimits limits() {
        return limits;
    }

    /** The batch its steps are counted in. */
    public int referenceBatch() {
        return referenceBatch;
    }

    @Override
    public int epochs() {
        return referenceGain.length;
    }

    @Override
    public double stepsAtEpoch(int epoch) {
        return stepsAtEpoch[epoch];
    }

    @Override
    public int epochAt(double steps) {
        // The last epoch that has started: an epoch of no length is passed over, never stuck in.
        int lo = 0;
        int hi = epochs();
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (stepsAtEpoch[mid] <= steps) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return Math.min(lo, epochs() - 1);
    }

    @Override
    public BatchChoice choose(int workers, int nodes, String gpuType, int epoch) {
        return of(oracle.choose(workers, nodes, "", gpuType, epoch, limits), epoch);
    }

    @Override
    public BatchChoice choose(WorkerLayout layout, String gpuType, int epoch) {
        return of(oracle.choose(layout.workers(), layout.nodesSpanned(), layout.key(), gpuType, epoch, limits), epoch);
    }

    @Override
    public double noiseScale(int batch, int epoch) {
        return app.validation().noiseScale(batch, epoch);
    }

    private BatchChoice of(BatchOracle.Choice c, int epoch) {
        double rate = c.stepSeconds() > 0 ? c.gain() / referenceGain[epoch] / c.stepSeconds() : 0;
        return new BatchChoice(c.batch(), c.atomic(), c.accum(), c.stepSeconds(), rate);
    }
}
