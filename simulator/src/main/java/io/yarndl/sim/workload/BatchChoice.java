package io.yarndl.sim.workload;

/**
 * How a batch-adaptive job trains at one allocation during one epoch: the global batch it chose,
 * how it splits it, how long a step takes and how fast that moves it towards its goal.
 *
 * @param batch                   global batch, samples per optimiser step
 *                                ({@code workers x atomicBatch x (accumulationSteps + 1)})
 * @param atomicBatch             samples per worker per micro-step
 * @param accumulationSteps       micro-steps per step beyond the first (gradient accumulation)
 * @param stepSeconds             seconds of one optimiser step at {@code batch}
 * @param referenceStepsPerSecond its progress in steps of the job's reference batch per second
 *                                (statistical-efficiency weighted, {@link GoodputTruth})
 */
public record BatchChoice(int batch, int atomicBatch, int accumulationSteps, double stepSeconds,
                          double referenceStepsPerSecond) {

    public BatchChoice {
        if (batch < 1 || atomicBatch < 1 || accumulationSteps < 0) {
            throw new IllegalArgumentException("a batch choice needs batch, atomic batch >= 1 and accumulation >= 0,"
                    + " got " + batch + ", " + atomicBatch + ", " + accumulationSteps);
        }
    }

    /** Optimiser steps of {@code batch} per second. */
    public double stepsPerSecond() {
        return stepSeconds > 0 ? 1 / stepSeconds : 0;
    }
}
