package io.yarndl.sim.workload.sia;

import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One of Pollux's and Sia's applications (bert, cifar10, deepspeech2, imagenet, ncf, yolov3) as
 * measured: how it converges at each batch size, how much work a job of it is, how fast it steps on
 * each GPU type and how long it takes to restart. Read by {@link SiaApplications}.
 *
 * <p><b>Job length.</b> Sia's jobs train a fixed number of epochs, the application's
 * {@code max_epochs} in Sia's {@code applications.py} (bert 2, cifar10 100, deepspeech2 80,
 * imagenet 90, ncf 10, yolov3 50; no target metric is set, so a job completes after its last
 * epoch). A job whose batch size is not tuned (Sia's Gavel runs) needs the iterations its
 * validation profile ({@code validation-<batch>.csv}) records after that epoch, interpolated
 * linearly in the batch size between the two measured batch sizes around it
 * ({@code get_iteration(batch_size, max_epochs - 1)}). Larger batches need fewer iterations, but
 * not proportionally fewer: the profiles carry each batch size's statistical efficiency. A job
 * whose batch follows its allocation is done at the progress of its last epoch instead
 * ({@link SiaGoodput}), as both simulators end every job.
 *
 * @param name               Pollux's and Sia's name, also the trace's {@code application}
 * @param maxEpochs          epochs a job trains
 * @param validation         how it converges at each validated batch size
 * @param stepTimes          step times per GPU type (upper case)
 * @param maxLocalByGpuType  the most samples one GPU of each type holds
 * @param restartSec         seconds to checkpoint and restore one of its jobs (Sia's {@code rescale_time})
 * @param measuredBy         whose profiles these are ({@code Sia}, {@code Pollux}), for messages
 */
public record SiaApplication(String name, int maxEpochs, ValidationCurves validation,
                             Map<String, StepTimes> stepTimes, Map<String, Double> maxLocalByGpuType,
                             double restartSec, String measuredBy) {

    /** Sia's cap on replicas ({@code cluster.py}: "simulator can't handle more"). */
    public static final int MAX_REPLICAS = 64;

    public SiaApplication {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(validation, "validation");
        Objects.requireNonNull(measuredBy, "measuredBy");
        stepTimes = new TreeMap<>(stepTimes);
        maxLocalByGpuType = Map.copyOf(maxLocalByGpuType);
        if (stepTimes.isEmpty()) {
            throw new IllegalArgumentException(name + " needs step times");
        }
        if (!(restartSec >= 0) || Double.isInfinite(restartSec)) {
            throw new IllegalArgumentException(name + ": restart seconds must be finite and >= 0, got " + restartSec);
        }
    }

    /** Iterations to finish {@code maxEpochs} epochs, per validated batch size. */
    public NavigableMap<Integer, Double> iterationsByBatch() {
        NavigableMap<Integer, Double> out = new TreeMap<>();
        validation.batches().forEach(batch -> out.put(batch, validation.iterations(batch, maxEpochs - 1)));
        return out;
    }

    /**
     * Iterations of a job at global batch {@code batch} (see the class comment).
     *
     * @throws IllegalArgumentException outside the validated batch sizes, naming them
     */
    public double iterations(int batch) {
        return validation.iterations(batch, maxEpochs - 1);
    }

    /** The smallest local batch measured on any type. */
    public double minLocalBatch() {
        return stepTimes.values().stream().mapToDouble(StepTimes::minLocalBatch).min().orElseThrow();
    }

    /**
     * The most replicas a job at global batch {@code batch} may use, Sia's bound
     * ({@code cluster.py}, {@code max_replicas}) with the job's batch fixed:
     * {@code max(1, min(64, floor(batch / minLocalBatch)))}: more replicas would each get less than
     * the smallest batch measured.
     */
    public int maxWorkers(int batch) {
        return (int) Math.max(1, Math.min(MAX_REPLICAS, Math.floor(batch / minLocalBatch())));
    }

    /**
     * The most replicas a batch-adaptive job may use: as {@link #maxWorkers(int)} at the largest
     * validated batch, the largest it may grow to (Pollux's {@code max_batch_size // min_local_bsz},
     * capped at 64).
     */
    public int maxAdaptiveWorkers() {
        return maxWorkers(validation.maxBatch());
    }

    /** The ground truth of a job at global batch {@code batch}. */
    public SiaSpeed speed(int batch) {
        return new SiaSpeed(name, batch, stepTimes, maxLocalByGpuType, measuredBy);
    }
}
