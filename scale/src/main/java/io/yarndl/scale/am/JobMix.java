package io.yarndl.scale.am;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.scale.rm.ClusterShape;
import java.util.SplittableRandom;

/**
 * The DL jobs a run submits: all-reduce PyTorch jobs of one-GPU workers ({@link ClusterShape#worker()}),
 * elastic from 1 worker up to a maximum of 2, 4, 8 or 16 (equally likely), asking for half their
 * maximum (what the stock CapacityScheduler gives them), and training far longer than any run.
 * The same seed and index give the same job.
 */
public final class JobMix {

    private static final int[] MAX_WORKERS = {2, 4, 8, 16};
    private static final long STEPS = 10_000_000L;

    private final long seed;

    public JobMix(long seed) {
        this.seed = seed;
    }

    public JobDescription job(int index) {
        int max = MAX_WORKERS[new SplittableRandom(seed + index).nextInt(MAX_WORKERS.length)];
        Resources worker = Resources.of(1, ClusterShape.WORKER_VCORES, ClusterShape.WORKER_MEMORY_MB);
        return new JobDescription("dl-" + index, Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                worker, Resources.ZERO, 1, max, 0, 0, max / 2, 0, 64, TrainingGoal.steps(STEPS));
    }
}
