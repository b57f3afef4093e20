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
 * @param job              the job type
 * @param isolatedByGpuType steps per second alone, per GPU type (upper case)
 */
public record GavelSpeed(GavelJobKey job, Map<String, Double> isolatedByGpuType) implements TrueSpeed {

    public GavelSpeed {
        Objects.requireNonNull(job, "job");
        isolatedByGpuType = Map.copyOf(isolatedByGpuType);
        if (isolatedByGpuType.isEmpty()) {
            throw new IllegalArgumentException(job + " has no measured GPU type");
        }
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
}
