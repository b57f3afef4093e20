package io.yarndl.sim.workload;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link WorkloadGenerator} should make: everything that decides a synthetic workload, so
 * that the same spec always gives the same jobs.
 *
 * @param types       the job mix
 * @param typeWeights relative weight of each type (same order as {@code types}, positive)
 * @param jobs        how many jobs, at least 1
 * @param targetLoad  offered load ρ (arrival rate × mean GPU-seconds a job demands at its requested
 *                    size ÷ cluster GPUs); 1 means the cluster would be exactly busy if every job ran
 *                    at its requested size
 * @param clusterGpus GPUs of the cluster the load is meant for
 * @param users       number of distinct users jobs are spread over, uniformly
 * @param durations   run time of each job alone at its requested size, for types not in {@code epochLengths}
 * @param seed        seeds every random choice
 * @param epochLengths job types (by name) whose jobs are sized in DL2's epochs instead of by
 *                    {@code durations} ({@link EpochProfile#requiredSteps(double)}); empty for none
 */
public record WorkloadSpec(List<JobType> types, List<Double> typeWeights, int jobs, double targetLoad,
                           int clusterGpus, int users, DurationDistribution durations, long seed,
                           Map<String, EpochProfile> epochLengths) {

    /** Users when none are given: enough for fairness policies to have something to divide. */
    public static final int DEFAULT_USERS = 8;

    public WorkloadSpec {
        types = List.copyOf(types);
        typeWeights = List.copyOf(typeWeights);
        Objects.requireNonNull(durations, "durations");
        epochLengths = Map.copyOf(epochLengths);
        if (types.isEmpty()) {
            throw new IllegalArgumentException("a workload needs at least one job type");
        }
        if (typeWeights.size() != types.size()) {
            throw new IllegalArgumentException(types.size() + " job types but " + typeWeights.size() + " weights");
        }
        for (double weight : typeWeights) {
            if (!(weight > 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("type weights must be positive and finite, got " + typeWeights);
            }
        }
        for (String name : epochLengths.keySet()) {
            if (types.stream().noneMatch(type -> type.name().equals(name))) {
                throw new IllegalArgumentException("epoch lengths name job type '" + name + "', which is not in the mix");
            }
        }
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
        if (!(targetLoad > 0) || Double.isInfinite(targetLoad)) {
            throw new IllegalArgumentException("target load must be positive and finite, got " + targetLoad);
        }
        if (clusterGpus < 1 || users < 1) {
            throw new IllegalArgumentException("need at least one GPU and one user, got " + clusterGpus + " and " + users);
        }
    }

    /**
     * Types drawn uniformly, {@link #DEFAULT_USERS} users, {@link DurationDistribution#gavelPhilly()}
     * durations.
     */
    public static WorkloadSpec of(List<JobType> types, int jobs, double targetLoad, int clusterGpus, long seed) {
        return new WorkloadSpec(types, Collections.nCopies(types.size(), 1.0), jobs, targetLoad, clusterGpus,
                DEFAULT_USERS, DurationDistribution.gavelPhilly(), seed, Map.of());
    }

    public WorkloadSpec withTypeWeights(List<Double> weights) {
        return new WorkloadSpec(types, weights, jobs, targetLoad, clusterGpus, users, durations, seed, epochLengths);
    }

    public WorkloadSpec withUsers(int count) {
        return new WorkloadSpec(types, typeWeights, jobs, targetLoad, clusterGpus, count, durations, seed, epochLengths);
    }

    public WorkloadSpec withDurations(DurationDistribution distribution) {
        return new WorkloadSpec(types, typeWeights, jobs, targetLoad, clusterGpus, users, distribution, seed, epochLengths);
    }

    public WorkloadSpec withSeed(long newSeed) {
        return new WorkloadSpec(types, typeWeights, jobs, targetLoad, clusterGpus, users, durations, newSeed, epochLengths);
    }

    /** Jobs of the types named in {@code lengths} sized by DL2's epochs; the others by {@link #durations()}. */
    public WorkloadSpec withEpochLengths(Map<String, EpochProfile> lengths) {
        return new WorkloadSpec(types, typeWeights, jobs, targetLoad, clusterGpus, users, durations, seed, lengths);
    }

    public WorkloadSpec withTargetLoad(double load) {
        return new WorkloadSpec(types, typeWeights, jobs, load, clusterGpus, users, durations, seed, epochLengths);
    }
}
