package io.yarndl.sim.workload.gavel;

import io.yarndl.sim.workload.TrueSpeed;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The ground truth of one of Gavel's job types: the steps per second Gavel measured it at alone on
 * its scale factor's GPUs of each type ({@link GavelThroughputs}), looked up, not fitted. Gavel's
 * jobs are rigid, so it knows one size, {@code job.scaleFactor()} workers and no parameter servers.
 * The speed does not depend on how many nodes the job spans: these are Gavel's consolidated
 * measurements (its unconsolidated ones are not used yet). A type Gavel measured at 0 steps/s
 * (ResNet-50 at batch size 128 on two or more K80s) makes no progress there.
 *
 * <p>Sharing GPUs with another of Gavel's types, it runs at what Gavel measured for the two
 * co-located on the type ({@link #stepsPerSecondSharing}): the first of the table's
 * {@code [self, other]} pair.
 *
 * @param job              the job type
 * @param isolatedByGpuType steps per second alone, per GPU type (upper case)
 * @param colocatedByGpuType per GPU type (upper case), per other job type, steps per second while the two share
 */
public record GavelSpeed(GavelJobKey job, Map<String, Double> isolatedByGpuType,
                         Map<String, Map<GavelJobKey, Double>> colocatedByGpuType) implements TrueSpeed {

    public GavelSpeed {
        Objects.requireNonNull(job, "job");
        isolatedByGpuType = Map.copyOf(isolatedByGpuType);
        colocatedByGpuType = Map.copyOf(colocatedByGpuType);
        if (isolatedByGpuType.isEmpty()) {
            throw new IllegalArgumentException(job + " has no measured GPU type");
        }
    }

    /** A type whose co-located speeds are unknown: it cannot share GPUs. */
    public GavelSpeed(GavelJobKey job, Map<String, Double> isolatedByGpuType) {
        this(job, isolatedByGpuType, Map.of());
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when other is not one of Gavel's types, or Gavel did not
     *                                  measure the two together on gpuType
     */
    @Override
    public double stepsPerSecondSharing(int workers, int ps, int nodesSpanned, String gpuType, TrueSpeed other) {
        stepsPerSecond(workers, ps, nodesSpanned, gpuType);
        String type = gpuType.toUpperCase(Locale.ROOT);
        Double speed = other instanceof GavelSpeed g
                ? colocatedByGpuType.getOrDefault(type, Map.of()).get(g.job()) : null;
        if (speed == null) {
            throw new IllegalArgumentException("Gavel did not measure " + job.jobTypeName() + " sharing " + type
                    + " GPUs with " + (other instanceof GavelSpeed g ? g.job().jobTypeName() : other));
        }
        return speed;
    }

    /** On Gavel's reference GPU type, {@link GavelJobTypes#REFERENCE_GPU_TYPE}. */
    @Override
    public double stepsPerSecond(int workers, int ps, int nodesSpanned) {
        return stepsPerSecond(workers, ps, nodesSpanned, GavelJobTypes.REFERENCE_GPU_TYPE);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException for another size than the scale factor, or a GPU type Gavel did
     *                                  not measure (the message lists those it did)
     */
    @Override
    public double stepsPerSecond(int workers, int ps, int nodesSpanned, String gpuType) {
        if (workers < 1) {
            return 0.0;
        }
        if (workers != job.scaleFactor() || ps != 0) {
            throw new IllegalArgumentException(job.jobTypeName() + " runs on exactly " + job.scaleFactor()
                    + " workers and no parameter servers, not " + workers + " and " + ps);
        }
        Double speed = gpuType == null ? null : isolatedByGpuType.get(gpuType.toUpperCase(Locale.ROOT));
        if (speed == null) {
            throw new IllegalArgumentException("Gavel measured " + job.jobTypeName() + " on "
                    + String.join(", ", new TreeMap<>(isolatedByGpuType).keySet()) + " only, not on GPU type "
                    + gpuType);
        }
        return speed;
    }

    /** The job type only: the measurement maps are long. */
    @Override
    public String toString() {
        return "GavelSpeed[" + job.jobTypeName() + "]";
    }
}
