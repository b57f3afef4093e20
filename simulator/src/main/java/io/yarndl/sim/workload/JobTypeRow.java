package io.yarndl.sim.workload;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of {@code job-types.csv}: a job type as derived from measurements, with the evidence of
 * how well its speed fits them. {@link #toJobType()} turns it into the simulator's {@link JobType}.
 *
 * @param name                  type name (DL2 model name or Pollux application name)
 * @param framework             framework it stands for
 * @param architecture          parameter server or all-reduce
 * @param syncMode              synchronous or asynchronous
 * @param speedForm             which formula the coefficients belong to
 * @param globalBatch           reference batch of one step, samples (Optimus' M)
 * @param maxWorkers            most workers measured
 * @param maxPs                 most parameter servers measured (0 for all-reduce)
 * @param workerDemand          one worker's resources
 * @param psDemand              one parameter server's resources (zero for all-reduce)
 * @param spreadCoefficients    the formula's coefficients for a job spread over several nodes
 * @param colocatedCoefficients the coefficients for a job on one node
 * @param colocation            how the colocated coefficients were obtained, one token
 * @param lossShape             true loss-curve shape (chosen, not measured)
 * @param epochs                DL2's job-length data, where the type comes from DL2
 * @param fit                   fit quality against the measured points
 * @param source                the measurement file(s), relative to the repository's data/ directory
 */
public record JobTypeRow(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                         SpeedForm speedForm, int globalBatch, int maxWorkers, int maxPs, Resources workerDemand,
                         Resources psDemand, List<Double> spreadCoefficients, List<Double> colocatedCoefficients,
                         String colocation, LossCurveShape lossShape, Optional<EpochProfile> epochs,
                         FitQuality fit, String source) {

    public JobTypeRow {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(framework, "framework");
        Objects.requireNonNull(architecture, "architecture");
        Objects.requireNonNull(syncMode, "syncMode");
        Objects.requireNonNull(speedForm, "speedForm");
        Objects.requireNonNull(workerDemand, "workerDemand");
        Objects.requireNonNull(psDemand, "psDemand");
        Objects.requireNonNull(colocation, "colocation");
        Objects.requireNonNull(lossShape, "lossShape");
        Objects.requireNonNull(epochs, "epochs");
        Objects.requireNonNull(fit, "fit");
        Objects.requireNonNull(source, "source");
        spreadCoefficients = List.copyOf(spreadCoefficients);
        colocatedCoefficients = List.copyOf(colocatedCoefficients);
        if (name.isBlank() || name.contains(",")) {
            throw new IllegalArgumentException("job type name must be non-blank without commas, got '" + name + "'");
        }
        if (globalBatch < 1 || maxWorkers < 1) {
            throw new IllegalArgumentException(name + ": global batch and max workers must be positive");
        }
        boolean ps = architecture == Architecture.PARAMETER_SERVER;
        if (ps != (speedForm == SpeedForm.SYNC_PS) || ps != (maxPs >= 1) || ps == psDemand.isZero()) {
            throw new IllegalArgumentException(name + ": architecture " + architecture + ", speed form " + speedForm
                    + ", max PS " + maxPs + " and PS demand " + psDemand + " disagree");
        }
        if (workerDemand.isZero()) {
            throw new IllegalArgumentException(name + ": worker demand must not be zero");
        }
        // Fails early, naming the row, when a coefficient list has the wrong length or sign.
        speedForm.model(spreadCoefficients, globalBatch);
        speedForm.model(colocatedCoefficients, globalBatch);
    }

    /** The simulator's view of this type: its demands, limits and ground truth. */
    public JobType toJobType() {
        TrueSpeed speed = new PlacementAwareSpeed(speedForm.model(spreadCoefficients, globalBatch),
                speedForm.model(colocatedCoefficients, globalBatch));
        return new JobType(name, framework, architecture, syncMode, workerDemand, psDemand, maxWorkers, maxPs,
                globalBatch, speed, lossShape);
    }
}
