package io.yarndl.sim.workload.derive;

import java.util.List;
import java.util.Objects;

/**
 * One row of DL2's measured MXNet training speeds ({@code dl2/config_speed.txt}, pengyanghua/DL2
 * @ 2e54920d): a parameter-server job of {@code model} run with {@code ps} servers and
 * {@code workers} workers at a fixed global batch.
 *
 * @param lineNumber     1-based line in the source file, for error messages and audit
 * @param model          DL2 model name, e.g. {@code resnet-50}
 * @param syncMode       MXNet kvstore mode as written, e.g. {@code dist_sync}
 * @param totalBatchSize global batch of one step (Optimus' M)
 * @param ps             parameter servers
 * @param workers        workers
 * @param workerSpeeds   each worker's measured speed, DL2's units
 * @param psCpu          each parameter server's measured CPU usage (cores)
 * @param workerCpu      each worker's measured CPU usage (cores)
 */
public record Dl2SpeedMeasurement(int lineNumber, String model, String syncMode, int totalBatchSize, int ps,
                                  int workers, List<Double> workerSpeeds, List<Double> psCpu,
                                  List<Double> workerCpu) {

    public Dl2SpeedMeasurement {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(syncMode, "syncMode");
        workerSpeeds = List.copyOf(workerSpeeds);
        psCpu = List.copyOf(psCpu);
        workerCpu = List.copyOf(workerCpu);
    }

    /**
     * The job's speed: the sum of its workers' speeds, as DL2's own simulator reads this file
     * ({@code speed.py}). We treat it as steps of the global batch per second.
     */
    public double jobSpeed() {
        double sum = 0;
        for (double s : workerSpeeds) {
            sum += s;
        }
        return sum;
    }

    /**
     * A zero job speed is a run that failed to report, not a job that does not train (its
     * neighbours in (ps, workers) all train): such rows are dropped before fitting.
     */
    public boolean isMeasurementFailure() {
        return !(jobSpeed() > 0);
    }
}
