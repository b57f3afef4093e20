package io.yarndl.am.master;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;

/**
 * The job's progress as the scheduler and the heartbeat see it: the steps rank 0 reported, filtered
 * so that what leaves the AM is sane and never goes backwards. Not thread-safe: {@link ElasticJob}
 * guards it.
 */
final class ProgressLedger {

    /** The spec's batch: the reference batch steps are counted in, and the batch of a report that says none. */
    private final int globalBatchSize;
    private long publishedStep = -1;
    /** Every accepted sample since the last take, oldest first: the publisher writes them all. */
    private final List<ProgressSample> unpublished = new ArrayList<>();
    private ProgressSample lastSample;
    private int rejectedSamples;
    private double firstLoss = Double.NaN;

    ProgressLedger(int globalBatchSize) {
        this.globalBatchSize = globalBatchSize;
    }

    /**
     * Takes a report from a running generation of {@code workers} workers and {@code servers}
     * servers. Nonsense (NaN, negative) is counted and dropped; a step at or below the last published
     * one (a generation resumed from an older checkpoint after a failure) is not published again.
     *
     * @param nowMs   when the AM received it, milliseconds since the epoch: a sample's {@code timeSec}
     *                is epoch seconds, as the record contract (JobRecordCodec) and the scheduler's
     *                rounds use; the trainer sends no time of its own
     * @param gpuType the GPU type the generation's workers run on, {@code Node.UNKNOWN_GPU_TYPE}
     *                where the AM does not know it (the sample goes untagged)
     * @return false when the report was nonsense
     */
    boolean accept(ProgressReport report, int workers, int servers, long nowMs, String gpuType) {
        if (!report.isSane()) {
            rejectedSamples++;
            return false;
        }
        if (Double.isNaN(firstLoss)) {
            firstLoss = report.loss();
        }
        if (report.step() > publishedStep) {
            publishedStep = report.step();
            // steps/s of the batch it trained at, as ProgressSample counts them; step stays in reference steps.
            lastSample = new ProgressSample(nowMs / 1000.0, report.step(), report.loss(),
                    report.samplesPerS() / report.batchOr(globalBatchSize), workers, servers, gpuType)
                    .atBatch(report.batchSize(), report.measuredNoiseScale());
            unpublished.add(lastSample);
        }
        return true;
    }

    /**
     * Continues after {@code published}, the last sample a previous AM attempt published: steps at or
     * below it (the trainers resume from an older checkpoint) are not published again.
     */
    void resumeAfter(ProgressSample published) {
        if (published.step() > publishedStep) {
            publishedStep = published.step();
            lastSample = published;
        }
    }

    /** Every sample not yet taken, oldest first; empty when there is none. */
    List<ProgressSample> takeUnpublished() {
        List<ProgressSample> out = List.copyOf(unpublished);
        unpublished.clear();
        return out;
    }

    long publishedStep() {
        return publishedStep;
    }

    int rejectedSamples() {
        return rejectedSamples;
    }

    Double lastLoss() {
        return lastSample == null ? null : lastSample.loss();
    }

    /** 0 to 0.99: by steps for a step goal, by loss for a loss goal (1 is for a finished job). */
    float fraction(double targetLoss, long totalSteps) {
        double fraction = 0;
        if (totalSteps > 0 && publishedStep > 0) {
            fraction = (double) publishedStep / totalSteps;
        } else if (targetLoss > 0 && lastSample != null && firstLoss > targetLoss) {
            fraction = (firstLoss - lastSample.loss()) / (firstLoss - targetLoss);
        }
        return (float) Math.max(0, Math.min(0.99, fraction));
    }
}
