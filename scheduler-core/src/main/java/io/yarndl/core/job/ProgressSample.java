package io.yarndl.core.job;

import io.yarndl.core.cluster.Node;

/**
 * One progress report of a running job, as its ApplicationMaster (or the simulator) publishes it.
 * Records may hold nonsense (NaN loss, negative steps): the models check {@link #isUsable()} and
 * skip such samples rather than fail.
 *
 * @param timeSec        when it was measured
 * @param step           optimiser steps done so far (in units of the job's reference global batch)
 * @param loss           training loss at that step
 * @param stepsPerSecond measured training speed over the last reporting period
 * @param workers        workers the job ran with while measuring the speed
 * @param ps             parameter servers the job ran with while measuring the speed
 * @param gpuType        the GPU type its workers ran on while measuring the speed (a job's workers
 *                       share one type), or {@link Node#UNKNOWN_GPU_TYPE} where the reporter did not say
 * @param batchSize      the global batch it trained at while measuring the speed, samples per
 *                       step; {@link #SPEC_BATCH} where the reporter did not say, that is the
 *                       spec's {@code globalBatchSize}. {@code stepsPerSecond} counts steps of this batch
 * @param noiseScale     the gradient noise scale the job measured (tr(Sigma) / |g|^2, in samples,
 *                       McCandlish et al.; Pollux's statistical efficiency is
 *                       {@code (noiseScale + M0) / (noiseScale + M)}), or NaN where it did not
 */
public record ProgressSample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps,
                             String gpuType, int batchSize, double noiseScale) {

    /** {@link #batchSize()} of a sample that does not say: the job's spec batch. */
    public static final int SPEC_BATCH = 0;

    public ProgressSample {
        gpuType = gpuType == null || gpuType.isBlank() ? Node.UNKNOWN_GPU_TYPE : gpuType.trim();
        batchSize = Math.max(SPEC_BATCH, batchSize);
    }

    /** A sample that says nothing of its batch size or gradient noise. */
    public ProgressSample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps,
                          String gpuType) {
        this(timeSec, step, loss, stepsPerSecond, workers, ps, gpuType, SPEC_BATCH, Double.NaN);
    }

    /** A sample that does not say which GPU type it was measured on. */
    public ProgressSample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps) {
        this(timeSec, step, loss, stepsPerSecond, workers, ps, Node.UNKNOWN_GPU_TYPE);
    }

    /** This sample, tagged with the GPU type it was measured on. */
    public ProgressSample onGpuType(String type) {
        return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps, type, batchSize, noiseScale);
    }

    /** This sample, saying it trained at global batch {@code batch} and measured {@code noise}. */
    public ProgressSample atBatch(int batch, double noise) {
        return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps, gpuType, batch, noise);
    }

    /** The global batch it trained at: its own where it says, else {@code specBatch}. */
    public int batchOr(int specBatch) {
        return batchSize == SPEC_BATCH ? specBatch : batchSize;
    }

    /**
     * Its speed in steps of {@code referenceBatch} (the spec's {@code globalBatchSize}, M0) per
     * second, so that samples taken at different batch sizes compare: a step of batch M is worth
     * {@code M / M0} reference steps times Pollux's statistical efficiency
     * {@code (noiseScale + M0) / (noiseScale + M)}, that is {@code M (noiseScale + M0) / (M0 (noiseScale + M))}.
     * Without a noise scale the efficiency is taken as 1 (perfect scaling with the batch), the most
     * a larger batch can be worth. At the reference batch it is {@link #stepsPerSecond()} unchanged.
     */
    public double referenceStepsPerSecond(int referenceBatch) {
        int batch = batchOr(referenceBatch);
        if (batch == referenceBatch || referenceBatch <= 0) {
            return stepsPerSecond;
        }
        double scale = (double) batch / referenceBatch;
        double efficiency = hasNoiseScale() ? (noiseScale + referenceBatch) / (noiseScale + batch) : 1;
        return stepsPerSecond * scale * efficiency;
    }

    /** True when it carries a usable gradient noise scale: finite and not negative. */
    public boolean hasNoiseScale() {
        return Double.isFinite(noiseScale) && noiseScale >= 0;
    }

    /** True when it says which GPU type it was measured on. */
    public boolean hasGpuType() {
        return !Node.UNKNOWN_GPU_TYPE.equals(gpuType);
    }

    /** True when the sample can feed a model: finite, non-negative numbers and at least one worker. */
    public boolean isUsable() {
        return Double.isFinite(timeSec) && step >= 0 && Double.isFinite(loss) && loss >= 0
                && Double.isFinite(stepsPerSecond) && stepsPerSecond >= 0 && workers > 0 && ps >= 0;
    }

    /** True when the speed part is usable: positive measured speed at a known configuration. */
    public boolean hasSpeed() {
        return isUsable() && stepsPerSecond > 0;
    }
}
