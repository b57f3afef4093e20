package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Memoises each job's fitted models between rounds: a job's fit is redone only when its samples
 * changed (count or newest sample), which keeps a round over 1,000 jobs cheap while the plan stays
 * a pure function of the input. Entries of jobs no longer passed in are dropped.
 */
final class ModelCache {

    private record Key(int sampleCount, double lastSampleTime, long lastStep) {
        static Key of(List<ProgressSample> samples) {
            if (samples.isEmpty()) {
                return new Key(0, Double.NaN, -1);
            }
            ProgressSample last = samples.get(samples.size() - 1);
            return new Key(samples.size(), last.timeSec(), last.step());
        }
    }

    private record Entry(Key key, Optional<SpeedModel> speed, Optional<ConvergenceModel> convergence) {
    }

    private final ConvergenceFitter convergenceFitter = new ConvergenceFitter();
    private final SpeedFitter speedFitter = new SpeedFitter();
    private final Map<String, Entry> entries = new HashMap<>();

    JobEstimate estimate(JobView job) {
        Key key = Key.of(job.samples());
        Entry entry = entries.get(job.id());
        if (entry == null || !entry.key().equals(key)) {
            entry = new Entry(key, speedFitter.fit(job.spec(), job.samples()),
                    job.spec().goal() instanceof TrainingGoal.TargetLoss
                            ? convergenceFitter.fit(job.samples()) : Optional.empty());
            entries.put(job.id(), entry);
        }
        return new JobEstimate(job, remainingSteps(job, entry.convergence()), entry.speed(), entry.convergence());
    }

    /** Forgets jobs not in {@code live}, so the cache never outgrows the jobs in the system. */
    void retainOnly(Set<String> live) {
        entries.keySet().retainAll(live);
    }

    /**
     * Steps still to go. A fixed-step goal is exact. A target loss is read off the fitted curve;
     * while no curve fits, or the fitted curve levels off above the target (noise can do that),
     * the estimate is the steps done so far: a job is assumed to be half-way, the usual
     * heavy-tailed prior, refined as soon as the curve fits.
     */
    static double remainingSteps(JobView job, Optional<ConvergenceModel> convergence) {
        long step = job.currentStep();
        if (job.spec().goal() instanceof TrainingGoal.FixedSteps fixed) {
            return Math.max(0, fixed.totalSteps() - step);
        }
        double target = ((TrainingGoal.TargetLoss) job.spec().goal()).loss();
        Function<ConvergenceModel, Double> fromCurve = model -> model.remainingSteps(step, target);
        double predicted = convergence.map(fromCurve).orElse(Double.NaN);
        if (Double.isFinite(predicted)) {
            return predicted;
        }
        return step > 0 ? step : Double.NaN;
    }
}
