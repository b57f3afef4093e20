package io.yarndl.yarn.jobs;

import io.yarndl.core.job.ProgressSample;
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
 */
final class SampleHistory {

    static final SampleHistory EMPTY = new SampleHistory(List.of(), List.of(), 1, 0);

    private final List<ProgressSample> archive;
    private final List<ProgressSample> recent;
    /** Archive one sample in this many that leave the recent window. */
    private final long stride;
    /** Samples that have left the recent window so far. */
    private final long aged;
    private final List<ProgressSample> all;

    private SampleHistory(List<ProgressSample> archive, List<ProgressSample> recent, long stride, long aged) {
        this.archive = List.copyOf(archive);
        this.recent = List.copyOf(recent);
        this.stride = stride;
        this.aged = aged;
        List<ProgressSample> both = new ArrayList<>(archive.size() + recent.size());
        both.addAll(archive);
        both.addAll(recent);
        this.all = List.copyOf(both);
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
        List<ProgressSample> newRecent = new ArrayList<>(recent);
        newRecent.add(sample);
        if (newRecent.size() <= recentCap) {
            return new SampleHistory(archive, newRecent, stride, aged);
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
        return new SampleHistory(newArchive, newRecent, newStride, aged + 1);
    }
}
