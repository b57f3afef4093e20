package io.yarndl.core.policy.optimus;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.policy.PolicyState;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Keeps each job's fitted models between rounds and decides when to refit them.
 *
 * <p>Optimus refits every job every round. Here a job's loss curve is refitted once it has
 * progressed {@link #REFIT_PROGRESS} further than at its last fit (or while it has no fit yet), and
 * its speed model once it reports a (workers, PS) configuration the last fit had not seen. Between
 * those points a few more samples move the prediction by less than their own noise, and skipping
 * the refit keeps a round over 1,000 jobs, and the 82,248-job Philly replay, within budget. The
 * models therefore depend on the sequence of rounds, not only on the last input: the same
 * sequence gives the same models (the simulator stays deterministic), and a fresh cache given one
 * input fits everything from scratch. Entries of jobs no longer passed in are dropped.
 *
 * <p>The speed model is kept per GPU type: it is fitted to the samples measured on the type of
 * the job's newest sample ({@link SamplesByGpuType}), and refitted from that type's samples when
 * the job moves to another type, since a V100 and a K80 give the same job different coefficients.
 */
final class ModelCache {

    /** Relative progress (in steps) after which a job's loss curve is refitted. */
    static final double REFIT_PROGRESS = 0.10;

    /** {@code speedType}: the GPU type the speed model was fitted for; null where not known (restored entries). */
    private record Entry(long fittedStep, int fittedSamples, double fittedUpTo, Set<Long> fittedConfigs,
                         Optional<SpeedModel> speed, Optional<ConvergenceModel> convergence, String speedType) {
    }

    private final ConvergenceFitter convergenceFitter = new ConvergenceFitter();
    private final SpeedFitter speedFitter = new SpeedFitter();
    private final Map<String, Entry> entries = new HashMap<>();

    JobEstimate estimate(JobView job) {
        Entry entry = entries.get(job.id());
        long step = job.currentStep();
        boolean targetLoss = job.spec().goal() instanceof TrainingGoal.TargetLoss;
        Optional<ConvergenceModel> convergence = entry == null ? Optional.empty() : entry.convergence();
        Optional<SpeedModel> speed = entry == null ? Optional.empty() : entry.speed();
        boolean refitCurve = entry == null || step < entry.fittedStep()
                || (convergence.isEmpty() && job.samples().size() != entry.fittedSamples())
                || step >= entry.fittedStep() * (1 + REFIT_PROGRESS);
        String type = SamplesByGpuType.newestType(job.samples());
        List<ProgressSample> speedSamples = SamplesByGpuType.on(job.samples(), type);
        boolean refitSpeed = entry == null || movedType(entry, type)
                || reportsNewConfiguration(speedSamples, entry)
                || (speed.isEmpty() && job.samples().size() != entry.fittedSamples());
        if (refitCurve && targetLoss) {
            convergence = convergenceFitter.fit(job.samples());
        }
        if (refitSpeed) {
            speed = speedFitter.fit(job.spec(), speedSamples);
        }
        if (entry == null || refitCurve || refitSpeed) {
            entries.put(job.id(), new Entry(refitCurve || entry == null ? step : entry.fittedStep(),
                    job.samples().size(), newestTime(job.samples()),
                    refitSpeed ? configurations(speedSamples) : entry.fittedConfigs(), speed, convergence,
                    refitSpeed ? type : entry.speedType()));
        }
        return new JobEstimate(job, remainingSteps(job, convergence), speed, convergence);
    }

    /** True when the job now runs on another type than its speed model was fitted for (a restored model is kept). */
    private static boolean movedType(Entry entry, String type) {
        return entry.speedType() != null && !entry.speedType().equals(type);
    }

    /** True when a sample newer than the last fit was measured at a configuration the fit had not seen. */
    private static boolean reportsNewConfiguration(List<ProgressSample> samples, Entry entry) {
        for (int i = samples.size() - 1; i >= 0 && samples.get(i).timeSec() > entry.fittedUpTo(); i--) {
            ProgressSample sample = samples.get(i);
            if (sample.hasSpeed() && !entry.fittedConfigs().contains(configuration(sample))) {
                return true;
            }
        }
        return false;
    }

    private static double newestTime(List<ProgressSample> samples) {
        return samples.isEmpty() ? Double.NEGATIVE_INFINITY : samples.get(samples.size() - 1).timeSec();
    }

    private static long configuration(ProgressSample sample) {
        return ((long) sample.workers() << 32) | sample.ps();
    }

    /** The distinct (workers, PS) pairs a job has reported speeds at, packed into longs. */
    private static Set<Long> configurations(List<ProgressSample> samples) {
        Set<Long> configs = new HashSet<>();
        for (ProgressSample sample : samples) {
            if (sample.hasSpeed()) {
                configs.add(configuration(sample));
            }
        }
        return configs;
    }

    /** Every job's fitted models and fit point, by job id. */
    Map<String, PolicyState.FittedJob> save() {
        Map<String, PolicyState.FittedJob> saved = new TreeMap<>();
        entries.forEach((id, entry) -> saved.put(id, new PolicyState.FittedJob(
                entry.convergence().map(FittedModelForms::toStored).orElse(null),
                entry.speed().map(FittedModelForms::toStored).orElse(null),
                entry.fittedStep(), entry.fittedSamples(), entry.fittedUpTo(),
                FittedModelForms.toStored(entry.fittedConfigs()))));
        return saved;
    }

    /**
     * Replaces every entry with {@code saved}. An entry whose models cannot be rebuilt is left out,
     * so that job is fitted afresh from its samples on its next round.
     *
     * @return the ids of the jobs left out
     */
    Set<String> restore(Map<String, PolicyState.FittedJob> saved) {
        entries.clear();
        Set<String> dropped = new TreeSet<>();
        saved.forEach((id, job) -> {
            try {
                entries.put(id, new Entry(job.fittedStep(), job.fittedSamples(), job.fittedUpTo(),
                        FittedModelForms.fromStored(job.fittedConfigurations()),
                        Optional.ofNullable(job.speed()).map(FittedModelForms::fromStored),
                        Optional.ofNullable(job.curve()).map(FittedModelForms::fromStored), null));
            } catch (IllegalArgumentException | NullPointerException unusable) {
                dropped.add(id);
            }
        });
        return dropped;
    }

    /** Forgets jobs not in {@code live}, so the cache never outgrows the jobs in the system. */
    void retainOnly(Set<String> live) {
        entries.keySet().retainAll(live);
    }

    /** Steps still to go ({@link RemainingSteps}). */
    static double remainingSteps(JobView job, Optional<ConvergenceModel> convergence) {
        return RemainingSteps.of(job, convergence);
    }
}
