package io.yarndl.core.job;

/**
 * The global batch sizes a job lets the scheduler's goodput model choose among (Pollux's
 * co-adaptation): the job declares them at submission and trains, at every size it is given, at a
 * batch inside them. A job with {@code min == max} trains at one batch whatever it holds, as every
 * job did before goodput-aware policies; that is the default.
 *
 * @param min      smallest global batch, samples per optimiser step, at least 1
 * @param max      largest global batch, at least {@code min}
 * @param maxLocal most samples one worker (one GPU) takes in a micro-step, so that a larger share
 *                 is reached by gradient accumulation; 0 where the job declared none
 */
public record BatchLimits(int min, int max, int maxLocal) {

    /** No per-worker limit declared. */
    public static final int NO_LOCAL_LIMIT = 0;

    public BatchLimits {
        if (min < 1) {
            throw new IllegalArgumentException("smallest batch size must be at least 1, got " + min);
        }
        if (max < min) {
            throw new IllegalArgumentException("largest batch size " + max + " is below the smallest " + min);
        }
        if (maxLocal < 0) {
            throw new IllegalArgumentException("largest local batch size must not be negative, got " + maxLocal);
        }
    }

    /** A job that trains at {@code batch} only. */
    public static BatchLimits fixed(int batch) {
        return new BatchLimits(batch, batch, NO_LOCAL_LIMIT);
    }

    /** True where the batch may change with the job's allocation. */
    public boolean isAdaptive() {
        return max > min;
    }

    /** True where {@code batch} is one of the sizes the job allows. */
    public boolean allows(int batch) {
        return batch >= min && batch <= max;
    }

    /** {@code batch} moved into the range. */
    public int clamp(long batch) {
        return (int) Math.max(min, Math.min(max, batch));
    }
}
