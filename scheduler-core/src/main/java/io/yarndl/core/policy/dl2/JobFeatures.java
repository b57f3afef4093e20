package io.yarndl.core.policy.dl2;

import io.yarndl.core.goodput.StatisticalEfficiency;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import java.util.List;

/**
 * The batch features of a job's slot ({@link Dl2Layout}, features 28 and 29): where the batch it
 * trains at lies within its declared limits, and its statistical efficiency there, read from the
 * goodput model's {@link StatisticalEfficiency} (Pollux, OSDI'21, §3.1) rather than computed again.
 */
final class JobFeatures {

    private JobFeatures() {
    }

    /**
     * The batch it trains at (its newest sample's, else its reference batch, clamped into its limits)
     * as {@code ln(batch / min) / ln(max / min)}; 0 for a job whose batch is fixed.
     */
    static float batchPosition(JobView job) {
        BatchLimits limits = job.spec().batchLimits();
        if (!limits.isAdaptive()) {
            return 0;
        }
        int batch = limits.clamp(batchOf(job));
        return (float) (Math.log((double) batch / limits.min()) / Math.log((double) limits.max() / limits.min()));
    }

    /** {@code E(batch)} at the batch it trains at; 1 while its noise scale is unknown. */
    static float efficiency(JobView job) {
        int reference = job.spec().globalBatchSize();
        StatisticalEfficiency efficiency = StatisticalEfficiency.of(job.samples(), reference);
        if (!efficiency.isKnown()) {
            return 1;
        }
        return (float) Math.max(0, Math.min(1, efficiency.at(job.spec().batchLimits().clamp(batchOf(job)))));
    }

    private static int batchOf(JobView job) {
        List<ProgressSample> samples = job.samples();
        int newest = samples.isEmpty() ? ProgressSample.SPEC_BATCH : samples.get(samples.size() - 1).batchSize();
        return newest == ProgressSample.SPEC_BATCH ? job.spec().globalBatchSize() : newest;
    }
}
