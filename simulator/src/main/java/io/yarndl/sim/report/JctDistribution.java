package io.yarndl.sim.report;

import io.yarndl.sim.engine.JobOutcome;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The job completion times of one policy's run, kept as a growing {@code double[]} rather than
 * boxed objects: the Philly-derived trace has 82,248 jobs per policy, and a run keeps one of these
 * per policy for the CDF chart (8 bytes a job instead of a whole {@link JobOutcome}).
 *
 * <p>Feed it as a {@code Consumer<JobOutcome>} while the simulator streams outcomes. Not thread-safe.
 */
public final class JctDistribution implements Consumer<JobOutcome> {

    private double[] jctSec = new double[1024];
    private int size;
    private boolean sorted = true;

    @Override
    public void accept(JobOutcome outcome) {
        add(outcome.jctSec());
    }

    /** Adds one completion time in seconds; non-finite values are rejected (they would poison every statistic). */
    public void add(double seconds) {
        if (!Double.isFinite(seconds)) {
            throw new IllegalArgumentException("JCT must be finite, got " + seconds);
        }
        if (size == jctSec.length) {
            jctSec = Arrays.copyOf(jctSec, size + (size >> 1));
        }
        if (size > 0 && seconds < jctSec[size - 1]) {
            sorted = false;
        }
        jctSec[size++] = seconds;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The completion times in ascending order (sorts in place once; later adds re-sort lazily). */
    public double[] sortedSeconds() {
        if (!sorted) {
            Arrays.sort(jctSec, 0, size);
            sorted = true;
        }
        return Arrays.copyOf(jctSec, size);
    }

    /**
     * The {@code q}-quantile (0 to 1) by the nearest-rank method, the definition most JCT papers
     * quote for p95; NaN when empty.
     */
    public double quantile(double q) {
        if (q < 0 || q > 1) {
            throw new IllegalArgumentException("quantile must be in [0, 1], got " + q);
        }
        if (size == 0) {
            return Double.NaN;
        }
        if (!sorted) {
            Arrays.sort(jctSec, 0, size);
            sorted = true;
        }
        int rank = (int) Math.ceil(q * size);
        return jctSec[Math.max(0, rank - 1)];
    }

    public double mean() {
        if (size == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = 0; i < size; i++) {
            sum += jctSec[i];
        }
        return sum / size;
    }
}
