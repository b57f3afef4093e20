package io.yarndl.am.master;

/**
 * A step reported by rank 0 ({@code POST /v1/progress}).
 *
 * @param generation  the generation it trained in
 * @param step        global step count, in steps of the spec's {@code globalBatchSize} (the reference
 *                    batch) whatever batch the job trains at, so that it never goes back when the
 *                    batch changes
 * @param loss        training loss at that step
 * @param samplesPerS samples per second of the whole job
 * @param worldSize   processes training together
 * @param batchSize   the global batch it trained at, samples per optimiser step;
 *                    {@link #UNSAID} where the script did not say (then the spec's)
 * @param noiseScale  the gradient noise scale it measured, samples; NaN where it did not
 */
public record ProgressReport(int generation, long step, double loss, double samplesPerS, int worldSize,
                             int batchSize, double noiseScale) {

    /** {@link #batchSize()} of a report that does not say its batch. */
    public static final int UNSAID = 0;

    /** A report that says neither its batch nor a noise scale. */
    public ProgressReport(int generation, long step, double loss, double samplesPerS, int worldSize) {
        this(generation, step, loss, samplesPerS, worldSize, UNSAID, Double.NaN);
    }

    /** False for numbers a model must never see: NaN, infinities, negatives. */
    public boolean isSane() {
        return step >= 0 && Double.isFinite(loss) && loss >= 0 && Double.isFinite(samplesPerS) && samplesPerS >= 0
                && worldSize > 0 && batchSize >= UNSAID;
    }

    /** The global batch it trained at: its own where it says, else {@code specBatch}. */
    public int batchOr(int specBatch) {
        return batchSize == UNSAID ? specBatch : batchSize;
    }

    /**
     * The noise scale where it is a measurement (finite, not negative), else NaN: an estimate that
     * came out negative or infinite says nothing, and costs the sample only that field.
     */
    public double measuredNoiseScale() {
        return Double.isFinite(noiseScale) && noiseScale >= 0 ? noiseScale : Double.NaN;
    }
}
