package io.yarndl.sim.workload;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import java.util.Objects;

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
 * @param lossShape       true loss-curve shape
 */
public record JobType(String name, Framework framework, Architecture architecture, SyncMode syncMode,
                      Resources workerDemand, Resources psDemand, int maxWorkers, int maxPs, int globalBatchSize,
                      TrueSpeed speed, LossCurveShape lossShape) {

    public JobType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(speed, "speed");
        Objects.requireNonNull(lossShape, "lossShape");
    }

    public boolean usesParameterServers() {
        return architecture == Architecture.PARAMETER_SERVER;
    }
}
