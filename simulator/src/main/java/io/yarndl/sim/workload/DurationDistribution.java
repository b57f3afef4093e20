package io.yarndl.sim.workload;

import java.util.SplittableRandom;

/**
 * How long synthetic jobs would run alone at their requested size: a mixture of two log-uniform
 * ranges, short jobs and a heavy tail of long ones. With probability {@code longFraction} a
 * duration is drawn log-uniformly from {@code [longMinSec, longMaxSec]}, otherwise from
 * {@code [shortMinSec, shortMaxSec]}. Log-uniform ({@code exp(U(ln a, ln b))}) because job
 * durations in GPU clusters span orders of magnitude.
 *
 * @param longFraction share of jobs drawn from the long range, in [0, 1]
 * @param shortMinSec  shortest short job, seconds, &gt; 0
 * @param shortMaxSec  longest short job, seconds
 * @param longMinSec   shortest long job, seconds, &gt; 0
 * @param longMaxSec   longest long job, seconds
 */
public record DurationDistribution(double longFraction, double shortMinSec, double shortMaxSec, double longMinSec,
                                   double longMaxSec) {

    public DurationDistribution {
        if (!(longFraction >= 0 && longFraction <= 1)) {
            throw new IllegalArgumentException("longFraction must be in [0, 1], got " + longFraction);
        }
        requireRange(shortMinSec, shortMaxSec, "short");
        requireRange(longMinSec, longMaxSec, "long");
    }

    private static void requireRange(double min, double max, String which) {
        if (!(min > 0 && min <= max && Double.isFinite(max))) {
            throw new IllegalArgumentException(which + " durations need 0 < min <= max < infinity, got ["
                    + min + ", " + max + "]");
        }
    }

    /**
     * The default: Gavel's synthetic "Philly distribution" (Narayanan et al., OSDI'20; its
     * {@code scheduler/utils.py}, {@code _generate_duration}): 80% of jobs last
     * {@code 60 * 10^U(1.5, 3)} s (32 minutes to 17 hours), 20% last {@code 60 * 10^U(3, 4)} s
     * (17 hours to 7 days). Mean about 60,400 s (16.8 hours), dominated by the tail.
     */
    public static DurationDistribution gavelPhilly() {
        return new DurationDistribution(0.2, 60 * Math.pow(10, 1.5), 60 * 1e3, 60 * 1e3, 60 * 1e4);
    }

    /** Every duration log-uniform on {@code [minSec, maxSec]}: no separate tail. */
    public static DurationDistribution logUniform(double minSec, double maxSec) {
        return new DurationDistribution(0, minSec, maxSec, minSec, maxSec);
    }

    /** One duration in seconds; uses two draws from {@code random} whatever the outcome. */
    public double sample(SplittableRandom random) {
        boolean longJob = random.nextDouble() < longFraction;
        double u = random.nextDouble();
        return longJob ? logUniform(longMinSec, longMaxSec, u) : logUniform(shortMinSec, shortMaxSec, u);
    }

    /** The exact mean in seconds: a log-uniform range {@code [a, b]} has mean {@code (b - a) / ln(b / a)}. */
    public double meanSec() {
        return longFraction * rangeMean(longMinSec, longMaxSec) + (1 - longFraction) * rangeMean(shortMinSec, shortMaxSec);
    }

    private static double logUniform(double min, double max, double u) {
        return min == max ? min : Math.exp(Math.log(min) + u * (Math.log(max) - Math.log(min)));
    }

    private static double rangeMean(double min, double max) {
        return min == max ? min : (max - min) / Math.log(max / min);
    }
}
