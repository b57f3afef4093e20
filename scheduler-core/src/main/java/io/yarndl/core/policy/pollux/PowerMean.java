package io.yarndl.core.policy.pollux;

/**
 * The generalised power mean of the jobs' speedups, Pollux's cluster-wide fitness (OSDI'21,
 * section 4.2) and Sia's objective (SOSP'23):
 *
 * <pre>
 * FITNESS_p(A) = ( (1/J) sum_j SPEEDUP_j(A_j)^p )^(1/p)       (the geometric mean at p = 0)
 * </pre>
 *
 * For a fixed p it is a monotone function of a sum of per-job terms, so maximising it is minimising
 * {@code sum_j cost(SPEEDUP_j)} with {@code cost(s) = s^p} for p &lt; 0, {@code -log s} for p = 0 and
 * {@code -s^p} for p &gt; 0: separable per job, which is what lets a choice-per-job integer program
 * solve it exactly ({@link io.yarndl.core.solver.ChoiceKnapsack}). Pollux adds 10^-3 to every
 * speedup so that a job without GPUs has a finite term; so does this.
 *
 * @param p the power, in [{@value #MIN_P}, {@value #MAX_P}]
 */
public record PowerMean(double p) {

    /**
     * Fairest p accepted. Below it the terms of one round span more orders of magnitude than the
     * solver's integer costs resolve (s^p of a speedup of 0.25 and of 2 differ 2^15-fold at p = -5),
     * so sizes that matter would look alike; the power mean is near its minimum there anyway.
     */
    public static final double MIN_P = -5;
    /** Most throughput-minded p accepted. */
    public static final double MAX_P = 5;
    /** How many times the largest running term a waiting job's term may be ({@link #waitCost}). */
    public static final double WAIT_CAP = 1e3;
    /** What Pollux adds to every speedup. */
    public static final double FLOOR = 1e-3;

    public PowerMean {
        check(p);
    }

    static void check(double p) {
        if (!(p >= MIN_P && p <= MAX_P)) {
            throw new IllegalArgumentException("the fairness power p must be in [" + MIN_P + ", " + MAX_P + "], got " + p);
        }
    }

    /** The term a job of speedup {@code speedup} adds to the sum the plan minimises. */
    public double cost(double speedup) {
        double s = Math.max(0, speedup) + FLOOR;
        if (p == 0) {
            return -Math.log(s);
        }
        double term = Math.pow(s, p);
        return p < 0 ? term : -term;
    }

    /**
     * The term of a waiting job: {@link #cost} of 0, held for p &lt; 0 to at most {@value #WAIT_CAP}
     * times the largest term of any running option ({@code largestRunning}). Uncapped, (10^-3)^p at a
     * very negative p is so much larger than every running term that the solver's integer costs
     * could no longer tell running sizes apart; at the cap a waiting job still costs more than any
     * running one could gain, which is all the floor is for.
     */
    public double waitCost(double largestRunning) {
        double wait = cost(0);
        return p < 0 && largestRunning > 0 ? Math.min(wait, WAIT_CAP * largestRunning) : wait;
    }

    /** The power mean of {@code speedups} itself, for reports and tests. */
    public double of(double[] speedups) {
        double sum = 0;
        for (double speedup : speedups) {
            double s = Math.max(0, speedup) + FLOOR;
            sum += p == 0 ? Math.log(s) : Math.pow(s, p);
        }
        double mean = sum / speedups.length;
        return p == 0 ? Math.exp(mean) : Math.pow(mean, 1 / p);
    }
}
