package io.yarndl.sim.workload;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.SyncMode;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A kind of training job in the simulated mix (e.g. DL2's resnet-50 parameter-server job), with
 * its ground truth: how fast it trains and how its loss falls.
 *
 * @param name            model name, e.g. {@code resnet-50}
 * @param framework       framework it stands for
 * @param architecture    all-reduce or parameter server
 * @param syncMode        synchronous or asynchronous
 * @param workerDemand    one worker's resources
 * @param psDemand        one parameter server's resources (zero for all-reduce)
 * @param maxWorkers      most workers the measurements cover
 * @param maxPs           most parameter servers the measurements cover (0 for all-reduce)
 * @param globalBatchSize samples per step
 * @param speed           true speed function
 * @param lossShape       true loss-curve shape (its samples' losses follow it whatever the completion)
 * @param modelFamily     the model as a throughput profile names it (e.g. Gavel's
 *                        {@code ResNet-50 (batch size 64)}), which its jobs declare so that policies can
 *                        look up priors; {@link JobSpec#UNKNOWN_FAMILY} where it has none
 * @param completion      when its jobs are done, and so the goal they declare
 * @param goodput         where its jobs' batch follows their allocation, their ground truth of progress
 *                        (which then replaces {@code speed} and counts steps of {@code globalBatchSize}
 *                        weighted by statistical efficiency); null where they train at
 *                        {@code globalBatchSize} only
 * @param restartSec      seconds one of its jobs takes to checkpoint and restore, where its application's
 *                        was measured (Sia's per-application figures); empty where not, and the
 *                        simulator's flat resize overhead applies
 */
public record JobType(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                      Resources workerDemand, Resources psDemand, int maxWorkers, int maxPs, int globalBatchSize,
                      TrueSpeed speed, LossCurveShape lossShape, String modelFamily, Completion completion,
                      GoodputTruth goodput, OptionalDouble restartSec) {

    /** When a job of the type is done, and what it tells the scheduler about it ({@link io.yarndl.core.job.TrainingGoal}). */
    public enum Completion {
        /** At its type's target loss, after the steps its trace gives (hidden): Optimus' convergence. */
        AT_TARGET_LOSS,
        /** After exactly the steps its trace gives, which it declares: a fixed step count, as Gavel's jobs run. */
        AFTER_REQUIRED_STEPS
    }

    public JobType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(speed, "speed");
        Objects.requireNonNull(lossShape, "lossShape");
        Objects.requireNonNull(completion, "completion");
        Objects.requireNonNull(restartSec, "restartSec");
        modelFamily = modelFamily == null ? JobSpec.UNKNOWN_FAMILY : modelFamily;
        if (goodput != null && !goodput.limits().allows(globalBatchSize)) {
            throw new IllegalArgumentException(name + ": batch " + globalBatchSize + " outside its batch limits");
        }
    }

    /** A type whose jobs train at {@code globalBatchSize} only and whose restart time was not measured. */
    public JobType(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                   Resources workerDemand, Resources psDemand, int maxWorkers, int maxPs, int globalBatchSize,
                   TrueSpeed speed, LossCurveShape lossShape, String modelFamily, Completion completion) {
        this(name, framework, architecture, syncMode, workerDemand, psDemand, maxWorkers, maxPs, globalBatchSize,
                speed, lossShape, modelFamily, completion, null, OptionalDouble.empty());
    }

    /** A type of no declared model family whose jobs run until its target loss (the catalog's types). */
    public JobType(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                   Resources workerDemand, Resources psDemand, int maxWorkers, int maxPs, int globalBatchSize,
                   TrueSpeed speed, LossCurveShape lossShape) {
        this(name, framework, architecture, syncMode, workerDemand, psDemand, maxWorkers, maxPs, globalBatchSize,
                speed, lossShape, JobSpec.UNKNOWN_FAMILY, Completion.AT_TARGET_LOSS);
    }

    /** True where its jobs' batch follows their allocation ({@link #goodput()}). */
    public boolean adaptsBatch() {
        return goodput != null;
    }

    /** The global batches its jobs may train at: {@link #goodput()}'s, or {@code globalBatchSize} alone. */
    public BatchLimits batchLimits() {
        return goodput != null ? goodput.limits() : BatchLimits.fixed(globalBatchSize);
    }

    public boolean usesParameterServers() {
        return architecture == Architecture.PARAMETER_SERVER;
    }
}
