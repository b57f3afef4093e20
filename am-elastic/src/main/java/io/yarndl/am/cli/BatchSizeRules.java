package io.yarndl.am.cli;

import io.yarndl.core.job.BatchLimits;

/**
 * The batch-size options of {@code submit} ({@link SubmitOptions.BatchGroup}), checked against the
 * job's {@code --global-batch-size}: the limits the job declares to the scheduler, each rule's
 * message naming the options it is about.
 */
final class BatchSizeRules {

    private BatchSizeRules() {
    }

    /**
     * The job's batch limits: {@code --min-batch-size} and {@code --max-batch-size} default to
     * {@code globalBatchSize}, so a job that gives neither trains at that batch only.
     *
     * @throws UsageException naming the option of the first rule broken
     */
    static BatchLimits limits(SubmitOptions.BatchGroup batch, int globalBatchSize) {
        int min = batch.minBatchSize == null ? globalBatchSize : batch.minBatchSize;
        int max = batch.maxBatchSize == null ? globalBatchSize : batch.maxBatchSize;
        atLeastOne("--min-batch-size", min);
        atLeastOne("--max-batch-size", max);
        // min <= global <= max: the global batch is the reference the job's steps are counted in.
        String why = ": the global batch is the reference batch the job's steps are counted in, so it must be one "
                + "the job may train at";
        if (min > globalBatchSize) {
            throw new UsageException("--min-batch-size " + min + " is above --global-batch-size " + globalBatchSize + why);
        }
        if (max < globalBatchSize) {
            throw new UsageException("--max-batch-size " + max + " is below --global-batch-size " + globalBatchSize + why);
        }
        int maxLocal = BatchLimits.NO_LOCAL_LIMIT;
        if (batch.maxLocalBatchSize != null) {
            atLeastOne("--max-local-batch-size", batch.maxLocalBatchSize);
            maxLocal = batch.maxLocalBatchSize;
        }
        return new BatchLimits(min, max, maxLocal);
    }

    /**
     * Where the batch may follow the job's size, its largest batch must give each of the most
     * training processes the job can have at least one sample per step.
     *
     * @throws UsageException naming the options when it cannot
     */
    static void checkFitsProcesses(BatchLimits limits, int maxWorkers, int procsPerWorker) {
        long processes = (long) maxWorkers * procsPerWorker;
        if (limits.isAdaptive() && limits.max() < processes) {
            throw new UsageException("--max-batch-size " + limits.max() + " is below the job's most training processes ("
                    + "--max-workers " + maxWorkers + " x --procs-per-worker " + procsPerWorker + " = " + processes
                    + "): each needs at least one sample per step");
        }
    }

    private static void atLeastOne(String option, int value) {
        if (value < 1) {
            throw new UsageException(option + " must be at least 1, got " + value);
        }
    }
}
