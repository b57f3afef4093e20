package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;

/**
 * One measured training speed at one configuration: the data point the speed models of Optimus
 * (Peng et al., EuroSys'18, §3.2) are fitted to.
 *
 * @param workers        workers the job ran with, at least 1
 * @param ps             parameter servers it ran with, at least 0 (0 for all-reduce)
 * @param stepsPerSecond measured speed in steps of the reference global batch per second, finite and positive
 */
public record SpeedObservation(int workers, int ps, double stepsPerSecond) {

    public SpeedObservation {
        if (workers < 1 || ps < 0 || !(stepsPerSecond > 0) || !Double.isFinite(stepsPerSecond)) {
            throw new IllegalArgumentException("speed observation needs workers >= 1, ps >= 0 and a finite positive"
                    + " speed, got workers=" + workers + ", ps=" + ps + ", stepsPerSecond=" + stepsPerSecond);
        }
    }

    /** Seconds per step, the quantity the linearised speed models are fitted in. */
    public double secondsPerStep() {
        return 1.0 / stepsPerSecond;
    }

    /**
     * The observations in {@code samples}, in order, skipping those without {@link ProgressSample#hasSpeed()},
     * each in steps of {@code referenceBatch} per second ({@link ProgressSample#referenceStepsPerSecond}):
     * a job whose batch follows its size reports steps of its own batch, which would otherwise read
     * as a job that does not scale.
     */
    public static List<SpeedObservation> fromSamples(List<ProgressSample> samples, int referenceBatch) {
        List<SpeedObservation> observations = new ArrayList<>(samples.size());
        for (ProgressSample s : samples) {
            if (s != null && s.hasSpeed()) {
                observations.add(new SpeedObservation(s.workers(), s.ps(), s.referenceStepsPerSecond(referenceBatch)));
            }
        }
        return List.copyOf(observations);
    }
}
