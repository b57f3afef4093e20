package io.yarndl.it.scheduler;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.contract.job.JobDescription;

/** Job descriptions the scheduler tests submit: one-GPU workers (and CPU-only servers), elastic between min and max. */
public final class DlJobs {

    public static final Resources ONE_GPU_WORKER = Resources.of(1, 1, 512);
    /** A parameter server holds the model's parameters in memory and needs no GPU. */
    public static final Resources CPU_SERVER = Resources.of(0, 1, 512);

    private DlJobs() {
    }

    /** An all-reduce job that asks for {@code requested} workers (what static policies give it). */
    public static JobDescription allReduce(String name, int minWorkers, int maxWorkers, int requested, long steps) {
        return new JobDescription(name, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                ONE_GPU_WORKER, Resources.ZERO, minWorkers, maxWorkers, 0, 0, requested, 0, 64,
                TrainingGoal.steps(steps));
    }

    /**
     * A synchronous parameter-server job training {@code family} (as a layer table names it, e.g.
     * {@code resnet-50}) that asks for {@code requested} workers and its fewest servers.
     */
    public static JobDescription parameterServer(String name, String family, int minWorkers, int maxWorkers,
                                                 int requested, int minPs, int maxPs, long steps) {
        return new JobDescription(name, Framework.PYTORCH, Architecture.PARAMETER_SERVER, SyncMode.SYNCHRONOUS,
                ONE_GPU_WORKER, CPU_SERVER, minWorkers, maxWorkers, minPs, maxPs, requested, minPs, 64,
                TrainingGoal.steps(steps), family);
    }

    /** An all-reduce job that asks for its minimum. */
    public static JobDescription allReduce(String name, int minWorkers, int maxWorkers, long steps) {
        return allReduce(name, minWorkers, maxWorkers, minWorkers, steps);
    }
}
