package io.yarndl.yarn.jobs;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import java.util.ArrayList;
import java.util.List;

/**
 * A job's accepted progress samples, at most {@code maxSamples} of them, immutable. The newest
 * {@code ceil(maxSamples / 2)} samples are kept as they came (the recent curve, at full
 * resolution). Samples that age out of that window join an archive of at most
 * {@code floor(maxSamples / 2)} at a uniform stride: every one at first; when the archive
 * overflows it keeps every other sample, starting with the first, and the stride doubles. The
 * archive therefore always spans the whole run from its very first sample with even spacing (within
 * a factor of two), so a loss-curve or speed fit still sees the long-range shape and the older
 * worker counts, not only a recent window. Dropping the oldest, or halving only the older samples
 * each time the cap is reached, would instead lose the middle of a long run.
 *
 * <p>It also keeps what the job's resizes cost, measured on every sample as it is added
 * ({@link ResizeTimer}), so that thinning never loses a resize.
 */
final class SampleHistory {

    static final SampleHistory EMPTY = new SampleHistory(List.of(), List.of(), 1, 0, Restarts.NONE);

    private final List<ProgressSample> archive;
    private final List<ProgressSample> recent;
    /** Archive one sample in this many that leave the recent window. */
    private final long stride;
    /** Samples that have left the recent window so far. */
    private final long aged;
    private final Restarts restarts;
    private final List<ProgressSample> all;

    private SampleHistory(List<ProgressSample> archive, List<ProgressSample> recent, long stride, long aged,
                          Restarts restarts) {
        this.archive = List.copyOf(archive);
        this.recent = List.copyOf(recent);
        this.stride = stride;
        this.aged = aged;
        this.restarts = restarts;
        List<ProgressSample> both = new ArrayList<>(archive.size() + recent.size());
        both.addAll(archive);
        both.addAll(recent);
        this.all = List.copyOf(both);
    }

    /**
     * The history {@code stored} describes, thinned to {@code maxSamples}. When its counters fit
     * its lists and its lists fit the cap, it continues exactly as the history that was stored
     * would have; otherwise (a corrupt or hand-made checkpoint, or a cap lowered since) its samples
     * are replayed in order into an empty history, which repairs the counters and re-thins the
     * lists (and its resizes are measured again on the samples kept: a replay cannot see those
     * thinned away). Never throws for the contents of {@code stored}.
     */
    static SampleHistory fromStored(JobSamples stored, int maxSamples) {
        int recentCap = maxSamples - maxSamples / 2;
        int archiveCap = maxSamples / 2;
        boolean consistent = stored.stride() >= 1
                && stored.aged() >= stored.archive().size()
                && stored.archive().size() <= archiveCap
                && stored.recent().size() <= recentCap
                && (stored.archive().isEmpty() || !stored.recent().isEmpty());
        if (consistent) {
            return new SampleHistory(stored.archive(), stored.recent(), stored.stride(), stored.aged(),
                    stored.restarts());
        }
        SampleHistory replayed = EMPTY;
        for (ProgressSample sample : stored.all()) {
            replayed = replayed.plus(sample, maxSamples);
        }
        return replayed;
    }

    /** This history as a checkpoint stores it; {@link #fromStored} turns it back. */
    JobSamples toStored() {
        return new JobSamples(archive, recent, stride, aged, restarts);
    }

    /** What the job's resizes have cost it, over every sample ever added. */
    Restarts restarts() {
        return restarts;
    }

    /** Every kept sample, oldest first; immutable. */
    List<ProgressSample> samples() {
        return all;
    }

    /** The newest sample, or null when there is none. */
    ProgressSample last() {
        return recent.isEmpty() ? null : recent.get(recent.size() - 1);
    }

    SampleHistory plus(ProgressSample sample, int maxSamples) {
        int recentCap = maxSamples - maxSamples / 2;
        int archiveCap = maxSamples / 2;
        Restarts newRestarts = ResizeTimer.after(restarts, last(), sample);
        List<ProgressSample> newRecent = new ArrayList<>(recent);
        newRecent.add(sample);
        if (newRecent.size() <= recentCap) {
            return new SampleHistory(archive, newRecent, stride, aged, newRestarts);
        }
        ProgressSample leaving = newRecent.remove(0);
        List<ProgressSample> newArchive = new ArrayList<>(archive);
        long newStride = stride;
        if (archiveCap > 0 && aged % stride == 0) {
            newArchive.add(leaving);
            if (newArchive.size() > archiveCap) {
                List<ProgressSample> halved = new ArrayList<>(archiveCap);
                for (int i = 0; i < newArchive.size(); i += 2) {
                    halved.add(newArchive.get(i));
                }
                newArchive = halved;
                newStride = stride * 2;
            }
        }
        return new SampleHistory(newArchive, newRecent, newStride, aged + 1, newRestarts);
    }
}
