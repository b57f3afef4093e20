package io.yarndl.sim.engine;

import java.util.Arrays;

/**
 * Completion times of one run, kept as a growing primitive array (8 bytes a job) so that the
 * 82,248-job Philly replay needs well under a megabyte for them; summarised once at the end.
 */
final class JctStatistics {

    private double[] values = new double[1024];
    private int size;
    private double sum;

    void add(double jctSec) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = jctSec;
        sum += jctSec;
    }

    int count() {
        return size;
    }

    double mean() {
        return size == 0 ? Double.NaN : sum / size;
    }

    /** Nearest-rank percentile, {@code p} in (0, 100]. */
    double percentile(double p) {
        if (size == 0) {
            return Double.NaN;
        }
        double[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * size);
        return sorted[Math.max(0, Math.min(size - 1, rank - 1))];
    }
}
