package io.yarndl.core.job;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A job as a policy may see it: its spec, when it arrived, what it holds now and what it has
 * reported. The ground truth of how it will converge or scale is never here: policies learn it
 * from {@link #samples()}. Immutable.
 *
 * @param spec          what the job asked for
 * @param submitTimeSec when it was submitted (same clock as {@code ClusterSnapshot.timeSec})
 * @param allocation    what it holds now ({@link Allocation#NONE} while queued)
 * @param samples       its progress reports, oldest first (drivers may cap or thin them)
 * @param restarts      what its resizes have cost it so far, as its driver measured them
 */
public record JobView(JobSpec spec, double submitTimeSec, Allocation allocation, List<ProgressSample> samples,
                      Restarts restarts) {

    /** Arrival order: submission time, then id, so that ties break the same way everywhere. */
    public static final Comparator<JobView> BY_ARRIVAL =
            Comparator.comparingDouble(JobView::submitTimeSec).thenComparing(JobView::id);

    /** A job whose driver has measured no restart. */
    public JobView(JobSpec spec, double submitTimeSec, Allocation allocation, List<ProgressSample> samples) {
        this(spec, submitTimeSec, allocation, samples, Restarts.NONE);
    }

    public JobView {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(restarts, "restarts");
        Objects.requireNonNull(allocation, "allocation");
        samples = List.copyOf(samples);
    }

    public String id() {
        return spec.id();
    }

    public boolean isRunning() {
        return !allocation.isEmpty();
    }

    /** The latest usable sample's step, or 0 before any. */
    public long currentStep() {
        for (int i = samples.size() - 1; i >= 0; i--) {
            ProgressSample sample = samples.get(i);
            if (sample.isUsable()) {
                return sample.step();
            }
        }
        return 0;
    }
}
