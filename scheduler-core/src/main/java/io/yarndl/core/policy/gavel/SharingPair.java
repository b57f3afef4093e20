package io.yarndl.core.policy.gavel;

import java.util.Arrays;

/**
 * Two jobs of an {@link AllocationProblem} that may share the same GPUs (Gavel's space sharing,
 * OSDI'20 section 3.1, "space sharing"): while they do, both run at their co-located throughputs
 * and hold the GPUs of one of them. Gavel pairs only jobs of equal scale factor, and so does
 * {@link AllocationProblem}.
 *
 * @param first             index of one job
 * @param second            index of the other, not first
 * @param firstThroughputs  first's steps per second per type while they share, 0 where they cannot
 * @param secondThroughputs second's steps per second per type while they share
 */
public record SharingPair(int first, int second, double[] firstThroughputs, double[] secondThroughputs) {

    public SharingPair {
        if (first < 0 || second < 0 || first == second) {
            throw new IllegalArgumentException("a pair needs two distinct jobs, got " + first + " and " + second);
        }
        firstThroughputs = checked(firstThroughputs, first);
        secondThroughputs = checked(secondThroughputs, second);
        if (firstThroughputs.length != secondThroughputs.length) {
            throw new IllegalArgumentException("pair (" + first + ", " + second + ") has throughputs for "
                    + firstThroughputs.length + " and " + secondThroughputs.length + " types");
        }
    }

    /** Whether job is one of the two. */
    public boolean has(int job) {
        return job == first || job == second;
    }

    /** The job's steps per second on type while the two share; job must be one of them. */
    public double throughputOf(int job, int type) {
        if (job == first) {
            return firstThroughputs[type];
        }
        if (job == second) {
            return secondThroughputs[type];
        }
        throw new IllegalArgumentException("job " + job + " is not in pair (" + first + ", " + second + ")");
    }

    /** Whether the two can share GPUs of type at all: both make progress there. */
    public boolean positiveOn(int type) {
        return firstThroughputs[type] > 0 && secondThroughputs[type] > 0;
    }

    @Override
    public double[] firstThroughputs() {
        return firstThroughputs.clone();
    }

    @Override
    public double[] secondThroughputs() {
        return secondThroughputs.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SharingPair p && first == p.first && second == p.second
                && Arrays.equals(firstThroughputs, p.firstThroughputs)
                && Arrays.equals(secondThroughputs, p.secondThroughputs);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * first + second) + Arrays.hashCode(firstThroughputs);
    }

    @Override
    public String toString() {
        return "SharingPair[" + first + ", " + second + ", " + Arrays.toString(firstThroughputs) + ", "
                + Arrays.toString(secondThroughputs) + "]";
    }

    private static double[] checked(double[] throughputs, int job) {
        double[] copy = java.util.Objects.requireNonNull(throughputs, "throughputs").clone();
        for (double t : copy) {
            if (!(t >= 0) || Double.isInfinite(t)) {
                throw new IllegalArgumentException("job " + job + " has a co-located throughput " + t
                        + "; want a finite number >= 0");
            }
        }
        return copy;
    }
}
