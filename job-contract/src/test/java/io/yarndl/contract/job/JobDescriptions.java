package io.yarndl.contract.job;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;

/** Job descriptions for tests, here and in the scheduler's (through this module's test jar). */
public final class JobDescriptions {

    /** The spec example the docs show. */
    public static final String DOCUMENTED_SPEC = "{\"version\":1,\"name\":\"resnet50\",\"framework\":\"PYTORCH\","
            + "\"architecture\":\"ALLREDUCE\",\"syncMode\":\"SYNC\",\"worker\":{\"gpus\":1,\"vcores\":2,"
            + "\"memoryMb\":4096},\"ps\":{\"gpus\":0,\"vcores\":1,\"memoryMb\":2048},\"minWorkers\":1,"
            + "\"maxWorkers\":4,\"minPs\":0,\"maxPs\":0,\"requestedWorkers\":2,\"requestedPs\":0,"
            + "\"globalBatchSize\":128,\"goal\":{\"targetLoss\":0.1}}";

    public static JobDescription allReduce(TrainingGoal goal) {
        return new JobDescription("resnet50", Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                Resources.of(1, 2, 4096), Resources.ZERO, 1, 4, 0, 0, 2, 0, 128, goal);
    }

    public static JobDescription parameterServer() {
        return new JobDescription("wide-deep", Framework.MXNET, Architecture.PARAMETER_SERVER,
                SyncMode.ASYNCHRONOUS, Resources.of(0, 4, 8192), Resources.of(0, 2, 16384), 2, 8, 1, 3, 4, 2,
                512, TrainingGoal.steps(100_000));
    }

    private JobDescriptions() {
    }
}
