package io.yarndl.it.scheduler;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.yarn.jobs.JobDescription;

/** Job descriptions the scheduler tests submit: one-GPU workers, elastic between min and max. */
final class DlJobs {

    static final Resources ONE_GPU_WORKER = Resources.of(1, 1, 512);

    private DlJobs() {
    }

    static JobDescription allReduce(String name, int minWorkers, int maxWorkers, long steps) {
        return new JobDescription(name, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                ONE_GPU_WORKER, Resources.ZERO, minWorkers, maxWorkers, 0, 0, Math.min(maxWorkers, 2 * minWorkers), 0,
                64, TrainingGoal.steps(steps));
    }
}
