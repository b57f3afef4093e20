package io.yarndl.scale.run;

import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import com.codahale.metrics.UniformSnapshot;
import java.util.Arrays;

/**
 * The scheduler's round times over the measured window alone, read from its own {@code rounds}
 * timer without changing it. That timer's reservoir (Dropwizard's exponentially decaying one, 1,028
 * samples) spans the whole run, warm-up included; but until it is full it holds every sample ever
 * recorded, so the rounds of the window are the multiset of values at the window's end less those
 * at its start. A run with more rounds than the reservoir holds has lost samples to it: its window
 * is then not {@link Rounds#complete() complete}, and its percentiles are NaN rather than a guess.
 */
public final class RoundWindow {

    private final Timer timer;
    private final long countAtStart;
    private final long[] valuesAtStart;

    private RoundWindow(Timer timer) {
        this.timer = timer;
        this.countAtStart = timer.getCount();
        this.valuesAtStart = timer.getSnapshot().getValues();
    }

    /** Opens the window now (at the end of the warm-up). */
    public static RoundWindow open(Timer timer) {
        return new RoundWindow(timer);
    }

    /** The rounds recorded since {@link #open}, and their median and p99 in milliseconds. */
    public Rounds close() {
        long count = timer.getCount();
        Snapshot now = timer.getSnapshot();
        long rounds = count - countAtStart;
        boolean complete = now.size() >= count;
        if (!complete || rounds <= 0) {
            return new Rounds(rounds, Double.NaN, Double.NaN, complete);
        }
        Snapshot window = new UniformSnapshot(minus(now.getValues(), valuesAtStart));
        return new Rounds(rounds, window.getMedian() / 1e6, window.get99thPercentile() / 1e6, true);
    }

    /** The values of sorted {@code all} that are not in sorted {@code before}, each occurrence once. */
    static long[] minus(long[] all, long[] before) {
        long[] out = new long[all.length];
        int kept = 0;
        int j = 0;
        for (long value : all) {
            while (j < before.length && before[j] < value) {
                j++;
            }
            if (j < before.length && before[j] == value) {
                j++;
            } else {
                out[kept++] = value;
            }
        }
        return Arrays.copyOf(out, kept);
    }

    /**
     * Rounds of one window.
     *
     * @param count    rounds recorded in the window
     * @param p50Ms    their median, ms (NaN when not complete or none)
     * @param p99Ms    their 99th percentile, ms
     * @param complete whether the reservoir still held every round, so the percentiles are the window's own
     */
    public record Rounds(long count, double p50Ms, double p99Ms, boolean complete) {
    }
}
