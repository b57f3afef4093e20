package io.yarndl.core.goodput;

/**
 * The batch a goodput model chose for one allocation, and what it predicts there.
 *
 * @param globalBatch samples per optimiser step, M; 0 where the allocation cannot train (more
 *                    replicas than the job's largest batch has samples)
 * @param split       how each replica takes its share of M
 * @param throughput  predicted samples per second
 * @param efficiency  statistical efficiency E(M), relative to the job's reference batch
 * @param goodput     throughput x efficiency: samples per second worth of progress at the reference batch
 */
public record BatchChoice(int globalBatch, LocalBatch split, double throughput, double efficiency, double goodput) {

    /** An allocation the job cannot train on. */
    public static final BatchChoice NONE = new BatchChoice(0, new LocalBatch(1, 0), 0, 0, 0);

    public boolean trains() {
        return globalBatch > 0;
    }

    /** Steps of the reference batch {@code referenceBatch} per second: the speed a progress sample reports at M0. */
    public double referenceStepsPerSecond(int referenceBatch) {
        return goodput / referenceBatch;
    }
}
