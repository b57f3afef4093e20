package io.yarndl.sim.workload;

import io.yarndl.core.job.BatchLimits;

/**
 * The ground truth of a job whose global batch follows its allocation (Pollux's co-adaptation,
 * OSDI'21; Sia's jobs, SOSP'23), known to the simulator only. At every allocation and epoch the
 * job trains at the batch that maximises its true goodput ({@link #choose}), an oracle of
 * Pollux's job-side agent; policies see its choice only through its progress samples.
 *
 * <p><b>Progress</b> is counted in steps of the job's reference batch {@code M0}
 * ({@code JobSpec.globalBatchSize}), weighted by statistical efficiency: during epoch e a step at
 * batch {@code M} is worth {@code gain(M, e) / gain(M0, e)} reference steps (Pollux's progress per
 * step, {@link io.yarndl.sim.workload.sia.ValidationCurves#gain}), so a job that trained at
 * {@code M0} throughout counts exactly its steps. The job is done after {@link #stepsAtEpoch
 * stepsAtEpoch(epochs())} reference steps: where Pollux's and Sia's simulators end it, at the
 * progress of its last epoch.
 */
public interface GoodputTruth {

    /** The global batch sizes it may train at. */
    BatchLimits limits();

    /** Epochs it trains. */
    int epochs();

    /** Reference steps done when epoch {@code epoch} starts, {@code 0 <= epoch <= epochs()}; the last is the whole job. */
    double stepsAtEpoch(int epoch);

    /** The epoch it trains in after {@code steps} reference steps, in {@code [0, epochs() - 1]}. */
    int epochAt(double steps);

    /**
     * Its batch, accumulation and speed with {@code workers} workers on {@code nodes} nodes of
     * {@code gpuType} during {@code epoch}.
     *
     * @throws IllegalArgumentException for a GPU type it was not measured on (naming those it was)
     */
    BatchChoice choose(int workers, int nodes, String gpuType, int epoch);

    /** As {@link #choose(int, int, String, int)}, at the exact placement {@code layout} where it was measured there. */
    BatchChoice choose(WorkerLayout layout, String gpuType, int epoch);

    /** Its gradient noise scale, in samples, training at {@code batch} during {@code epoch}. */
    double noiseScale(int batch, int epoch);
}
