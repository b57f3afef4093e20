package io.yarndl.core.policy.gavel;

import java.util.Arrays;
import java.util.Objects;

/**
 * A Gavel allocation: {@code fractions[j][k]}, the fraction of time job j spends on GPU type k,
 * indexed like its {@link AllocationProblem}. Gavel's round-based mechanism turns these into
 * whole-GPU leases round by round (OSDI'20, section 5); this record is only the answer of the
 * optimisation.
 *
 * <p>Values are clamped into [0, 1], and any below {@link #NOISE} (solver noise around zero) set to
 * exactly 0, so a reader can test {@code of(j, k) > 0} for "job j runs on type k".
 */
public record TimeFractions(double[][] fractions) {

    /** Values below this are a solver's rounding around zero, not an allocation. */
    public static final double NOISE = 1e-9;

    private static final TimeFractions EMPTY = new TimeFractions(new double[0][]);

    public TimeFractions {
        Objects.requireNonNull(fractions, "fractions");
        double[][] clean = new double[fractions.length][];
        for (int j = 0; j < fractions.length; j++) {
            clean[j] = Objects.requireNonNull(fractions[j], "fractions row").clone();
            for (int k = 0; k < clean[j].length; k++) {
                double value = clean[j][k];
                if (Double.isNaN(value)) {
                    throw new IllegalArgumentException("fraction of job " + j + " on type " + k + " is NaN");
                }
                clean[j][k] = value < NOISE ? 0 : Math.min(1, value);
            }
        }
        fractions = clean;
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

    /** Fraction of time job runs at all: sum over types. */
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
    public boolean equals(Object other) {
        return other instanceof TimeFractions t && Arrays.deepEquals(fractions, t.fractions);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(fractions);
    }

    @Override
    public String toString() {
        return "TimeFractions" + Arrays.deepToString(fractions);
    }
}
