package io.yarndl.sim.workload.gavel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Gavel's measured throughputs ({@code simulation_throughputs.json}, OSDI'20): for each GPU type and
 * job type, the steps per second it trains at alone on that many GPUs of the type, and, for every
 * other job type, the pair of steps per second the two train at when they share the GPUs (Gavel's
 * space sharing), the simulator's ground truth for jobs that share GPUs ({@link GavelSpeed}). Immutable.
 *
 * @param byGpuType per GPU type (upper case, e.g. {@code V100}), per job type, what was measured
 */
public record GavelThroughputs(Map<String, Map<GavelJobKey, Measured>> byGpuType) {

    /**
     * What Gavel measured for one job type on one GPU type.
     *
     * @param isolatedStepsPerSecond steps per second alone (Gavel's {@code "null"} entry); 0 where it
     *                               could not run (Gavel schedules no job where its throughput is 0)
     * @param colocated              per other job type, the two jobs' steps per second when co-located
     */
    public record Measured(double isolatedStepsPerSecond, Map<GavelJobKey, ColocatedPair> colocated) {
        public Measured {
            if (!(isolatedStepsPerSecond >= 0) || Double.isInfinite(isolatedStepsPerSecond)) {
                throw new IllegalArgumentException("isolated steps/s must be finite and >= 0, got "
                        + isolatedStepsPerSecond);
            }
            colocated = Collections.unmodifiableMap(new LinkedHashMap<>(colocated));
        }
    }

    /** Steps per second of a job ({@code self}) and the job it shares its GPUs with ({@code other}). */
    public record ColocatedPair(double self, double other) {
    }

    public GavelThroughputs {
        Map<String, Map<GavelJobKey, Measured>> copy = new LinkedHashMap<>();
        byGpuType.forEach((type, jobs) -> copy.put(type, Collections.unmodifiableMap(new LinkedHashMap<>(jobs))));
        byGpuType = Collections.unmodifiableMap(copy);
    }

    /** The GPU types measured, sorted. */
    public Set<String> gpuTypes() {
        return new TreeSet<>(byGpuType.keySet());
    }

    /** The job types measured on at least one GPU type, in the file's order. */
    public List<GavelJobKey> jobTypes() {
        Set<GavelJobKey> keys = new java.util.LinkedHashSet<>();
        byGpuType.values().forEach(jobs -> keys.addAll(jobs.keySet()));
        return List.copyOf(keys);
    }

    /**
     * Steps per second of {@code job} alone on GPUs of {@code gpuType}.
     *
     * @throws IllegalArgumentException naming the types it has, if it lacks {@code gpuType} or the job there
     */
    public double isolated(GavelJobKey job, String gpuType) {
        Map<GavelJobKey, Measured> jobs = byGpuType.get(gpuType);
        if (jobs == null) {
            throw new IllegalArgumentException("Gavel's throughputs have no GPU type " + gpuType + "; they have "
                    + String.join(", ", gpuTypes()));
        }
        Measured measured = jobs.get(job);
        if (measured == null) {
            throw new IllegalArgumentException("Gavel's throughputs have no job type " + job + " on " + gpuType);
        }
        return measured.isolatedStepsPerSecond();
    }
}
