package io.yarndl.yarn.round;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.TaskCount;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A running deep-learning application as the round gathered it from the ResourceManager and
 * ZooKeeper, before it becomes the {@link JobView} a policy sees.
 *
 * @param spec          the job's spec (id is the YARN application id)
 * @param submitTimeSec submission time, epoch seconds
 * @param tasks         its worker and parameter-server containers now
 * @param samples       its accepted progress samples, oldest first
 * @param restarts      what its resizes have cost it, measured on its samples (the scheduler's
 *                      {@code jobs.ResizeTimer})
 */
public record DlJobState(JobSpec spec, double submitTimeSec, List<HeldTask> tasks, List<ProgressSample> samples,
                         Restarts restarts) {

    /** A job with no resize measured. */
    public DlJobState(JobSpec spec, double submitTimeSec, List<HeldTask> tasks, List<ProgressSample> samples) {
        this(spec, submitTimeSec, tasks, samples, Restarts.NONE);
    }

    public DlJobState {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(restarts, "restarts");
        tasks = List.copyOf(tasks);
        samples = List.copyOf(samples);
    }

    public String id() {
        return spec.id();
    }

    /** The job as a policy sees it: its containers summed per node. */
    public JobView toView() {
        Map<String, TaskCount> byNode = new TreeMap<>();
        for (HeldTask task : tasks) {
            TaskCount one = task.role() == TaskRole.WORKER ? new TaskCount(1, 0) : new TaskCount(0, 1);
            byNode.merge(task.nodeName(), one, TaskCount::plus);
        }
        return new JobView(spec, submitTimeSec, new Allocation(byNode), samples, restarts);
    }
}
