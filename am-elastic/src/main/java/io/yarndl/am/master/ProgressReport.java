package io.yarndl.am.master;

/**
 * A step reported by rank 0 ({@code POST /v1/progress}).
 *
 * @param generation  the generation it trained in
 * @param step        global step count
 * @param loss        training loss at that step
 * @param samplesPerS samples per second of the whole job
 * @param worldSize   processes training together
 */
public record ProgressReport(int generation, long step, double loss, double samplesPerS, int worldSize) {

    /** False for numbers a model must never see: NaN, infinities, negatives. */
    public boolean isSane() {
        return step >= 0 && Double.isFinite(loss) && loss >= 0 && Double.isFinite(samplesPerS) && samplesPerS >= 0
                && worldSize > 0;
    }
}
