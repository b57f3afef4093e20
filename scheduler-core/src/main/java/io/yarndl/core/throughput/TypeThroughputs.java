package io.yarndl.core.throughput;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A job's speed on each GPU type as a policy knows it: measured where the job has run, a prior
 * elsewhere. For a job at {@code workers} workers and each type k:
 *
 * <ol>
 *   <li><b>measured</b>: the mean speed of its last {@value #RECENT} samples tagged with type k
 *       (progress samples say the type they were measured on), each scaled linearly from the
 *       workers it was measured at to {@code workers};</li>
 *   <li>else <b>profile, calibrated</b>: where the job's model family is in the
 *       {@link ThroughputProfile} for k and for a type m it was measured on, its measured speed on
 *       m times the profile's ratio k/m; the profile alone where it has no measurement (a
 *       profile's 0, a type the model does not fit, stays 0);</li>
 *   <li>else <b>the default</b>: the mean of the estimates it has for other types, or 1 step/s
 *       where it has none: every unknown type counts as fast as the known ones, so a job with no
 *       profile is treated type-agnostically until it has run on a type.</li>
 * </ol>
 *
 * Gavel's policies use only each job's ratios between types (their objectives normalise per
 * job), which the calibration keeps. Stateless; immutable.
 */
public final class TypeThroughputs {

    /** How many of the newest samples on a type make its measured speed. */
    static final int RECENT = 5;

    /** The estimate for a type nothing is known about, where nothing is known about any. */
    public static final double DEFAULT_STEPS_PER_SECOND = 1.0;

    private final ThroughputProfile profile;

    public TypeThroughputs(ThroughputProfile profile) {
        this.profile = Objects.requireNonNull(profile, "profile");
    }

    /** Estimated steps/s of {@code job} at {@code workers} on each of {@code gpuTypes}, in their order. */
    public double[] estimate(JobView job, List<String> gpuTypes, int workers) {
        int n = gpuTypes.size();
        double[] measured = new double[n];
        double[] prior = new double[n];
        int calibrateFrom = -1;
        for (int k = 0; k < n; k++) {
            measured[k] = measured(job.samples(), job.spec().globalBatchSize(), gpuTypes.get(k), workers);
            OptionalDouble fromProfile = profile.stepsPerSecond(job.spec().modelFamily(), workers, gpuTypes.get(k));
            prior[k] = fromProfile.orElse(Double.NaN);
            if (calibrateFrom < 0 && !Double.isNaN(measured[k]) && prior[k] > 0) {
                calibrateFrom = k;
            }
        }
        double[] estimate = new double[n];
        double knownSum = 0;
        int known = 0;
        for (int k = 0; k < n; k++) {
            if (!Double.isNaN(measured[k])) {
                estimate[k] = measured[k];
            } else if (!Double.isNaN(prior[k]) && calibrateFrom >= 0) {
                estimate[k] = measured[calibrateFrom] * prior[k] / prior[calibrateFrom];
            } else {
                estimate[k] = prior[k];
            }
            if (!Double.isNaN(estimate[k])) {
                knownSum += estimate[k];
                known++;
            }
        }
        double fallback = known > 0 ? knownSum / known : DEFAULT_STEPS_PER_SECOND;
        for (int k = 0; k < n; k++) {
            if (Double.isNaN(estimate[k])) {
                estimate[k] = fallback;
            }
        }
        return estimate;
    }

    /**
     * Estimated steps/s of {@code job} at {@code workers} on each of {@code gpuTypes} while it shares
     * its GPUs with {@code other} (Gavel's space sharing): its estimate alone there ({@code alone},
     * as {@link #estimate} gave it) times the profile's ratio of the two families' co-located speed
     * to the family's speed alone. 0 on a type where the profile lacks the pair or the family alone:
     * what two jobs do to each other on one GPU is not guessed, so such a pair is never formed.
     * Nothing is measured here: a job reports no speed while it shares, so its samples stay those of
     * the job alone.
     */
    public double[] estimateSharing(JobView job, JobView other, List<String> gpuTypes, int workers, double[] alone) {
        double[] ratios = sharingRatios(job.spec().modelFamily(), other.spec().modelFamily(), gpuTypes, workers);
        for (int k = 0; k < ratios.length; k++) {
            ratios[k] *= alone[k];
        }
        return ratios;
    }

    /**
     * Per type, the profile's speed of {@code family} sharing its {@code workers} GPUs with
     * {@code other} over its speed alone: 0 where the profile lacks either or the family alone is 0.
     * It depends on the two families only, so callers pairing many jobs compute it once per pair of
     * families.
     */
    public double[] sharingRatios(String family, String other, List<String> gpuTypes, int workers) {
        double[] ratios = new double[gpuTypes.size()];
        for (int k = 0; k < ratios.length; k++) {
            OptionalDouble single = profile.stepsPerSecond(family, workers, gpuTypes.get(k));
            OptionalDouble shared = profile.colocatedStepsPerSecond(family, other, workers, gpuTypes.get(k));
            if (single.isPresent() && single.getAsDouble() > 0 && shared.isPresent()) {
                ratios[k] = shared.getAsDouble() / single.getAsDouble();
            }
        }
        return ratios;
    }

    /**
     * Mean of the newest samples on {@code type}, in steps of the job's reference batch, scaled to
     * {@code workers}; NaN when it has none.
     */
    private static double measured(List<ProgressSample> samples, int referenceBatch, String type, int workers) {
        String wanted = ThroughputProfile.normalise(type);
        double sum = 0;
        int count = 0;
        for (int i = samples.size() - 1; i >= 0 && count < RECENT; i--) {
            ProgressSample sample = samples.get(i);
            if (sample.hasSpeed() && sample.hasGpuType()
                    && ThroughputProfile.normalise(sample.gpuType()).equals(wanted)) {
                sum += sample.referenceStepsPerSecond(referenceBatch) * workers / sample.workers();
                count++;
            }
        }
        return count == 0 ? Double.NaN : sum / count;
    }
}
