package io.yarndl.sim.workload.sia;

import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One of Sia's applications (bert, cifar10, deepspeech2, imagenet, ncf, yolov3) as measured: how
 * much work a job of it is at each batch size, and how fast it steps on each GPU type. Read by
 * {@link SiaApplications}.
 *
 * <p><b>Job length.</b> Sia's jobs train a fixed number of epochs, the application's
 * {@code max_epochs} in Sia's {@code applications.py} (bert 2, cifar10 100, deepspeech2 80,
 * imagenet 90, ncf 10, yolov3 50; no target metric is set, so a job completes after its last
 * epoch). A job whose batch size is not tuned (Sia's Gavel runs) needs the iterations its
 * validation profile ({@code validation-<batch>.csv}) records after that epoch, interpolated
 * linearly in the batch size between the two measured batch sizes around it
 * ({@code get_iteration(batch_size, max_epochs - 1)}). Larger batches need fewer iterations, but
 * not proportionally fewer: the profiles carry each batch size's statistical efficiency.
 *
 * @param name               Sia's name, also the trace's {@code application}
 * @param maxEpochs          epochs a job trains
 * @param iterationsByBatch  iterations to finish {@code maxEpochs} epochs, per validated batch size
 * @param stepTimes          step times per GPU type (upper case)
 * @param maxLocalByGpuType  the most samples one GPU of each type holds
 */
public record SiaApplication(String name, int maxEpochs, NavigableMap<Integer, Double> iterationsByBatch,
                             Map<String, StepTimes> stepTimes, Map<String, Double> maxLocalByGpuType) {

    /** Sia's cap on replicas ({@code cluster.py}: "simulator can't handle more"). */
    public static final int MAX_REPLICAS = 64;

    public SiaApplication {
        Objects.requireNonNull(name, "name");
        iterationsByBatch = new TreeMap<>(iterationsByBatch);
        stepTimes = new TreeMap<>(stepTimes);
        maxLocalByGpuType = Map.copyOf(maxLocalByGpuType);
        if (iterationsByBatch.isEmpty() || stepTimes.isEmpty()) {
            throw new IllegalArgumentException(name + " needs validation profiles and step times");
        }
    }

    /**
     * Iterations of a job at global batch {@code batch} (see the class comment).
     *
     * @throws IllegalArgumentException outside the validated batch sizes, naming them
     */
    public double iterations(int batch) {
        Map.Entry<Integer, Double> below = iterationsByBatch.floorEntry(batch);
        Map.Entry<Integer, Double> above = iterationsByBatch.ceilingEntry(batch);
        if (below == null || above == null) {
            throw new IllegalArgumentException("Sia validated " + name + " at batch sizes "
                    + iterationsByBatch.keySet() + " only; batch size " + batch + " is outside them");
        }
        if (below.getKey().equals(above.getKey())) {
            return below.getValue();
        }
        double fraction = (double) (batch - below.getKey()) / (above.getKey() - below.getKey());
        return below.getValue() + (above.getValue() - below.getValue()) * fraction;
    }

    /** The smallest local batch measured on any type. */
    public double minLocalBatch() {
        return stepTimes.values().stream().mapToDouble(StepTimes::minLocalBatch).min().orElseThrow();
    }

    /**
     * The most replicas a job at global batch {@code batch} may use, Sia's bound
     * ({@code cluster.py}, {@code max_replicas}) with the job's batch fixed:
     * {@code max(1, min(64, floor(batch / minLocalBatch)))}: more replicas would each get less than
     * the smallest batch Sia measured.
     */
    public int maxWorkers(int batch) {
        return (int) Math.max(1, Math.min(MAX_REPLICAS, Math.floor(batch / minLocalBatch())));
    }

    /** The ground truth of a job at global batch {@code batch}. */
    public SiaSpeed speed(int batch) {
        return new SiaSpeed(name, batch, stepTimes, maxLocalByGpuType);
    }
}
