package io.yarndl.core.goodput;

import io.yarndl.core.job.ProgressSample;
import java.util.List;

/**
 * Pollux's statistical efficiency (OSDI'21, section 3.1): the progress one sample makes at global
 * batch {@code M}, relative to one sample at the job's reference batch {@code M0}, from the gradient
 * noise scale {@code B_noise} (McCandlish et al., "An Empirical Model of Large-Batch Training"):
 *
 * <pre>
 * E(M) = (B_noise + M0) / (B_noise + M)
 * </pre>
 *
 * E(M0) = 1; a larger batch makes less progress per sample, the less so the noisier the gradient.
 * A job that has not reported its noise scale has an unknown efficiency: it is planned at its
 * reference batch, where E = 1 whatever the noise ({@link #isKnown()}).
 *
 * @param noiseScale     B_noise in samples, or NaN where unknown
 * @param referenceBatch M0, the batch the job's steps are counted in
 */
public record StatisticalEfficiency(double noiseScale, int referenceBatch) {

    /** How many of the newest reported noise scales are averaged: the estimate is noisy, and it drifts. */
    static final int RECENT = 5;

    public StatisticalEfficiency {
        if (referenceBatch < 1) {
            throw new IllegalArgumentException("reference batch must be at least 1, got " + referenceBatch);
        }
        if (!Double.isNaN(noiseScale) && !(noiseScale >= 0 && Double.isFinite(noiseScale))) {
            throw new IllegalArgumentException("gradient noise scale must be finite and >= 0 (or NaN), got "
                    + noiseScale);
        }
    }

    /** The efficiency of a job whose noise scale is not known. */
    public static StatisticalEfficiency unknown(int referenceBatch) {
        return new StatisticalEfficiency(Double.NaN, referenceBatch);
    }

    /** From the mean of the newest {@value #RECENT} noise scales the samples report; unknown where none does. */
    public static StatisticalEfficiency of(List<ProgressSample> samples, int referenceBatch) {
        double sum = 0;
        int count = 0;
        for (int i = samples.size() - 1; i >= 0 && count < RECENT; i--) {
            ProgressSample sample = samples.get(i);
            if (sample.isUsable() && sample.hasNoiseScale()) {
                sum += sample.noiseScale();
                count++;
            }
        }
        return new StatisticalEfficiency(count == 0 ? Double.NaN : sum / count, referenceBatch);
    }

    public boolean isKnown() {
        return !Double.isNaN(noiseScale);
    }

    /** E(M); 1 at every batch where the noise scale is unknown (the caller keeps such a job at M0). */
    public double at(int globalBatch) {
        if (!isKnown()) {
            return 1.0;
        }
        return (noiseScale + referenceBatch) / (noiseScale + globalBatch);
    }
}
