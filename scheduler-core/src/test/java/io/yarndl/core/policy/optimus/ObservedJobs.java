package io.yarndl.core.policy.optimus;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * Test jobs that have already reported progress: losses on a known Optimus curve and speeds from
 * a known function of the worker count, measured at 1, 2 and 4 workers, as a job that has been
 * resized a few times would have.
 */
final class ObservedJobs {

    static final Resources GPU_WORKER = Resources.of(1, 4, 16_384);
    static final Resources PS_TASK = Resources.of(0, 2, 4_096);

    private ObservedJobs() {
    }

    /** An all-reduce job at step {@code step} of a curve that reaches {@code target} at {@code totalSteps}. */
    static JobView allReduce(String id, double submitted, int maxWorkers, IntToDoubleFunction speed, long step,
                             long totalSteps, Allocation current) {
        // l(k) = 1 / (b0 k + b1) + b2 with l(0) = 2.5, floor 0.5, target 0.6 reached at totalSteps.
        double b1 = 1 / 2.0;
        double b2 = 0.5;
        double b0 = (1 / 0.1 - b1) / totalSteps;
        JobSpec spec = new JobSpec(id, "model-" + id, "alice", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, GPU_WORKER, Resources.ZERO, 1, maxWorkers, 0, 0, 1, 0, 64,
                TrainingGoal.targetLoss(0.6));
        List<ProgressSample> samples = new ArrayList<>();
        int[] configs = {1, 2, 4};
        int count = 30;
        for (int i = 1; i <= count; i++) {
            long k = step * i / count;
            int w = Math.min(maxWorkers, configs[i % configs.length]);
            samples.add(new ProgressSample(i * 60.0, k, 1 / (b0 * k + b1) + b2, speed.applyAsDouble(w), w, 0));
        }
        return new JobView(spec, submitted, current, samples);
    }

    /**
     * A synchronous parameter-server job whose speed {@code speed(w, p)} was measured at a few
     * (workers, PS) pairs, on the same loss curve as {@link #allReduce}.
     */
    static JobView parameterServer(String id, int maxWorkers, int maxPs, PsSpeed speed, long step, long totalSteps) {
        double b1 = 1 / 2.0;
        double b0 = (1 / 0.1 - b1) / totalSteps;
        JobSpec spec = new JobSpec(id, "model-" + id, "carol", "root.dl", Framework.MXNET,
                Architecture.PARAMETER_SERVER, SyncMode.SYNCHRONOUS, GPU_WORKER, PS_TASK, 1, maxWorkers, 1, maxPs,
                1, 1, 32, TrainingGoal.targetLoss(0.6));
        int[][] configs = {{1, 1}, {2, 1}, {1, 2}, {2, 4}, {4, 2}, {4, 4}};
        List<ProgressSample> samples = new ArrayList<>();
        int count = 36;
        for (int i = 1; i <= count; i++) {
            long k = step * i / count;
            int[] c = configs[i % configs.length];
            samples.add(new ProgressSample(i * 60.0, k, 1 / (b0 * k + b1) + 0.5, speed.of(c[0], c[1]), c[0], c[1]));
        }
        return new JobView(spec, 0, Allocation.NONE, samples);
    }

    /** A true speed law of workers and PS. */
    interface PsSpeed {
        double of(int workers, int ps);
    }

    /** A job that has reported nothing yet. */
    static JobView fresh(String id, double submitted, int maxWorkers) {
        JobSpec spec = new JobSpec(id, "model-" + id, "bob", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                SyncMode.SYNCHRONOUS, GPU_WORKER, Resources.ZERO, 1, maxWorkers, 0, 0, 1, 0, 64,
                TrainingGoal.targetLoss(0.6));
        return new JobView(spec, submitted, Allocation.NONE, List.of());
    }
}
