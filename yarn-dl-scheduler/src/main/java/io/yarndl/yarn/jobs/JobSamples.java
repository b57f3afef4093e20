package io.yarndl.yarn.jobs;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One job's progress samples as the scheduler's checkpoint stores them: the parts of the job's
 * sample history, not only its samples, so that a history restored after a restart goes on
 * thinning exactly where the old one stopped (see {@link JobRecordWatcher#seed}). Immutable.
 *
 * <p>The constructor checks only that the lists hold samples; counters that do not fit the lists
 * (a stride below 1, fewer aged samples than archived ones, lists over the watcher's cap) are
 * repaired when the history is restored, because a checkpoint is data from outside the process.
 *
 * @param archive older samples kept at a uniform stride, oldest first
 * @param recent  the newest samples at full resolution, oldest first
 * @param stride  one sample in this many that leave {@code recent} joins {@code archive}
 * @param aged    how many samples have left {@code recent} so far
 * @param restarts what the job's resizes have cost it, measured on every sample it ever added
 *                 (thinning does not change it)
 */
public record JobSamples(List<ProgressSample> archive, List<ProgressSample> recent, long stride, long aged,
                         Restarts restarts) {

    /** A job with no samples yet. */
    public static final JobSamples NONE = new JobSamples(List.of(), List.of(), 1, 0);

    /** A history whose job has measured no resize. */
    public JobSamples(List<ProgressSample> archive, List<ProgressSample> recent, long stride, long aged) {
        this(archive, recent, stride, aged, Restarts.NONE);
    }

    public JobSamples {
        archive = List.copyOf(Objects.requireNonNull(archive, "archive"));
        recent = List.copyOf(Objects.requireNonNull(recent, "recent"));
        Objects.requireNonNull(restarts, "restarts");
    }

    /** Every sample, oldest first: the archive, then the recent ones. */
    public List<ProgressSample> all() {
        List<ProgressSample> all = new ArrayList<>(archive.size() + recent.size());
        all.addAll(archive);
        all.addAll(recent);
        return List.copyOf(all);
    }

    public int size() {
        return archive.size() + recent.size();
    }

    /**
     * About half the samples: counting over {@link #all()}, every other one from the first, and
     * always the newest. The archive keeps its uniform spacing (its stride doubles, as when the
     * history thins itself); the recent window gets gaps, which new samples fill as they arrive.
     * With two samples or fewer there is nothing to drop and this history is returned.
     */
    public JobSamples thinned() {
        int size = size();
        if (size <= 2) {
            return this;
        }
        List<ProgressSample> keptArchive = new ArrayList<>();
        List<ProgressSample> keptRecent = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (i % 2 == 0 || i == size - 1) {
                if (i < archive.size()) {
                    keptArchive.add(archive.get(i));
                } else {
                    keptRecent.add(recent.get(i - archive.size()));
                }
            }
        }
        // Only a thinned archive changes its spacing; one of a single sample lost nothing.
        long newStride = archive.size() > 1 && stride <= Long.MAX_VALUE / 2 ? stride * 2 : stride;
        return new JobSamples(keptArchive, keptRecent, newStride, aged, restarts);
    }
}
