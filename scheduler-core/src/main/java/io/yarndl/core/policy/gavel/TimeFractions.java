package io.yarndl.core.policy.gavel;

import java.util.Arrays;
import java.util.Objects;

/**
 * A Gavel allocation: {@code fractions[j][k]}, the fraction of time job j spends alone on GPU type
 * k, and {@code pairFractions[p][k]}, the fraction of time pair p of the problem's
 * {@link SharingPair}s spends sharing GPUs of type k (empty where the problem has no pairs); indexed
 * like its {@link AllocationProblem}. Gavel's round-based mechanism turns these into
 * whole-GPU leases round by round (OSDI'20, section 5); this record is only the answer of the
 * optimisation.
 *
 * <p>Values are clamped into [0, 1], and any below {@link #NOISE} (solver noise around zero) set to
 * exactly 0, so a reader can test {@code of(j, k) > 0} for "job j runs on type k".
 */
public record TimeFractions(double[][] fractions, double[][] pairFractions) {

    /** Values below this are a solver's rounding around zero, not an allocation. */
    public static final double NOISE = 1e-9;

    private static final TimeFractions EMPTY = new TimeFractions(new double[0][]);

    public TimeFractions {
        fractions = clean(fractions, "job");
        pairFractions = clean(pairFractions, "pair");
    }

    /** Fractions of jobs alone; no pairs. */
    public TimeFractions(double[][] fractions) {
        this(fractions, new double[0][]);
    }

    private static double[][] clean(double[][] values, String what) {
        Objects.requireNonNull(values, what + " fractions");
        double[][] clean = new double[values.length][];
        for (int j = 0; j < values.length; j++) {
            clean[j] = Objects.requireNonNull(values[j], what + " fractions row").clone();
            for (int k = 0; k < clean[j].length; k++) {
                double value = clean[j][k];
                if (Double.isNaN(value)) {
                    throw new IllegalArgumentException("fraction of " + what + " " + j + " on type " + k + " is NaN");
                }
                clean[j][k] = value < NOISE ? 0 : Math.min(1, value);
            }
        }
        return clean;
    }

    /** No jobs. */
    public static TimeFractions empty() {
        return EMPTY;
    }

    /** Every job idle on every type. */
    public static TimeFractions zeros(int jobs, int types) {
        return new TimeFractions(new double[jobs][types]);
    }

    /** Fraction of time job spends on type. */
    public double of(int job, int type) {
        return fractions[job][type];
    }

    /** Fraction of time pair (an index of the problem's pairs) shares GPUs of type; 0 beyond its pairs. */
    public double ofPair(int pair, int type) {
        return pair < pairFractions.length ? pairFractions[pair][type] : 0;
    }

    /** Fraction of time job runs alone at all: sum over types. */
    public double ofJob(int job) {
        return Arrays.stream(fractions[job]).sum();
    }

    public int jobCount() {
        return fractions.length;
    }

    @Override
    public double[][] fractions() {
        return Arrays.stream(fractions).map(double[]::clone).toArray(double[][]::new);
    }

    @Override
    public double[][] pairFractions() {
        return Arrays.stream(pairFractions).map(double[]::clone).toArray(double[][]::new);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TimeFractions t && Arrays.deepEquals(fractions, t.fractions)
                && Arrays.deepEquals(pairFractions, t.pairFractions);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(fractions);
    }

    @Override
    public String toString() {
        return "TimeFractions" + Arrays.deepToString(fractions)
                + (pairFractions.length == 0 ? "" : " pairs " + Arrays.deepToString(pairFractions));
    }
}
