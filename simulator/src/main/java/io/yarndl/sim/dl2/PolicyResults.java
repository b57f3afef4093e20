package io.yarndl.sim.dl2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One policy's results on one workload in {@code evaluate}: its average JCT on each seed, or why the
 * run failed (a policy that ran no job for thousands of rounds, as an untrained DL2 model may).
 * Filled by parallel runs, each writing its own seed's cell; read after all have finished.
 */
final class PolicyResults {

    private final List<Long> seeds;
    private final double[] avgJctSec;
    private final String[] failures;

    PolicyResults(List<Long> seeds) {
        this.seeds = List.copyOf(seeds);
        this.avgJctSec = new double[seeds.size()];
        this.failures = new String[seeds.size()];
        Arrays.fill(avgJctSec, Double.NaN);
    }

    synchronized void finished(int seedIndex, double avgJct) {
        avgJctSec[seedIndex] = avgJct;
    }

    synchronized void failed(int seedIndex, String why) {
        failures[seedIndex] = why;
    }

    /** True when every seed's run finished. */
    synchronized boolean complete() {
        return Arrays.stream(failures).allMatch(f -> f == null);
    }

    /** Average JCT per seed in seed order; NaN where the run failed. */
    synchronized double[] perSeed() {
        return avgJctSec.clone();
    }

    /** Mean over seeds; NaN unless every run finished. */
    synchronized double mean() {
        return complete() ? Arrays.stream(avgJctSec).average().orElse(Double.NaN) : Double.NaN;
    }

    /** Sample standard deviation over seeds (n - 1), 0 for one seed; NaN unless every run finished. */
    synchronized double std() {
        if (!complete()) {
            return Double.NaN;
        }
        if (avgJctSec.length < 2) {
            return 0;
        }
        double mean = mean();
        double squares = 0;
        for (double v : avgJctSec) {
            squares += (v - mean) * (v - mean);
        }
        return Math.sqrt(squares / (avgJctSec.length - 1));
    }

    /** "seed S: why" for each failed run, in seed order. */
    synchronized List<String> failures() {
        List<String> list = new ArrayList<>();
        for (int i = 0; i < failures.length; i++) {
            if (failures[i] != null) {
                list.add("seed " + seeds.get(i) + ": " + failures[i]);
            }
        }
        return list;
    }

    int seedCount() {
        return seeds.size();
    }
}
