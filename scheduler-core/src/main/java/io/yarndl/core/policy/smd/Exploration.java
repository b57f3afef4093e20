package io.yarndl.core.policy.smd;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TaskCount;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Profiling with what the knapsack leaves idle. A job measured at one worker count only cannot show
 * SMD how its steps shrink with workers, and its type's calibration may be wrong about that (DL2's
 * MXNet resnet-50 barely scaled with workers; a job that declares resnet-50 may scale well). So,
 * after the knapsack, each such job gets one more worker where the GPUs, vcores and memory the plan
 * leaves free allow, in arrival order, as Optimus profiles a job at a few sizes before trusting its
 * curve (EuroSys'18, §3.2). Once it is measured at two worker counts, {@link JobModels} refits its
 * computation term and the knapsack decides from its own speeds. It costs the other jobs nothing:
 * only resources no job was given are used. The network dimension is not consulted.
 */
final class Exploration {

    /** What a grown job's reason says. */
    static final String REASON = "; one more worker to measure: its speed is known at one worker count only";

    private Exploration() {
    }

    /**
     * Grows the jobs that qualify into {@code free}, changing {@code sizes}.
     *
     * @param candidates per job, whether it may grow (admitted and modelled)
     * @return per job, whether it grew
     */
    static boolean[] grow(List<JobView> jobs, boolean[] candidates, TaskCount[] sizes, Resources free) {
        boolean[] grown = new boolean[jobs.size()];
        Resources left = free;
        for (int j = 0; j < jobs.size(); j++) {
            JobView job = jobs.get(j);
            JobSpec spec = job.spec();
            TaskCount size = sizes[j];
            if (!candidates[j] || size.workers() < 1 || size.workers() >= spec.maxWorkers()) {
                continue;
            }
            Set<Integer> measured = measuredWorkerCounts(job.samples());
            if (measured.size() != 1 || !measured.contains(size.workers())) {
                continue;
            }
            if (spec.workerDemand().fitsIn(left)) {
                left = left.minus(spec.workerDemand());
                sizes[j] = new TaskCount(size.workers() + 1, size.ps());
                grown[j] = true;
            }
        }
        return grown;
    }

    private static Set<Integer> measuredWorkerCounts(List<ProgressSample> samples) {
        Set<Integer> counts = new TreeSet<>();
        for (ProgressSample sample : samples) {
            if (sample.hasSpeed()) {
                counts.add(sample.workers());
            }
        }
        return counts;
    }
}
