package io.yarndl.core.goodput;

import java.util.ArrayList;
import java.util.List;

/**
 * Which of {@link ThroughputParams}' seven terms a job's observations can determine, and how the
 * fitter's free vector maps onto them. Pollux's rules (its {@code fit_perf_params}), so that terms
 * the observations say nothing about stay optimistic rather than arbitrary:
 *
 * <ul>
 *   <li>one atomic batch observed: the fixed and per-sample compute terms cannot be told apart, so
 *       the fixed term is tied to half the compute time there ({@code alphaCompute = betaCompute * m});</li>
 *   <li>no observation across nodes: the inter-node terms are held at their lower bound (and raised
 *       after the fit to 1.1 times the intra-node ones: a link between nodes is never faster);</li>
 *   <li>no observation of several replicas on one node: the intra-node terms are held at their lower bound;</li>
 *   <li>never more than two replicas: the per-replica growth terms are held at their lower bound;</li>
 *   <li>never more than one replica: no synchronisation was seen, and gamma is held at 1.</li>
 * </ul>
 *
 * Positive terms are fitted as their logarithms (they span orders of magnitude), gamma as itself.
 */
final class ParameterLayout {

    /** Lower bound of every time term, seconds (Pollux's slack that keeps ratios finite). */
    static final double LOWER = 1e-8;
    /** Upper bound of every time term, seconds: far above any training step. */
    static final double UPPER = 1e4;

    static final int ALPHA_COMPUTE = 0;
    static final int BETA_COMPUTE = 1;
    static final int ALPHA_NODE = 2;
    static final int BETA_NODE = 3;
    static final int ALPHA_LOCAL = 4;
    static final int BETA_LOCAL = 5;
    static final int GAMMA = 6;
    static final int TERMS = 7;

    private final boolean[] free = new boolean[TERMS];
    private final double[] fixed = new double[TERMS];
    /** The atomic batch alphaCompute is tied to, or 0 where both compute terms are free. */
    private final double tiedAtomic;
    private final boolean acrossNodes;
    private final int[] freeTerms;

    ParameterLayout(List<ThroughputObservation> observations) {
        boolean[] seen = new boolean[4];
        double firstAtomic = observations.get(0).split().atomic();
        boolean oneAtomic = true;
        boolean anySync = false;
        for (ThroughputObservation o : observations) {
            seen[0] |= o.acrossNodes();
            seen[1] |= o.withinOneNode();
            seen[2] |= o.replicas() > 2;
            anySync |= o.replicas() > 1;
            oneAtomic &= o.split().atomic() == firstAtomic;
        }
        acrossNodes = seen[0];
        java.util.Arrays.fill(free, true);
        java.util.Arrays.fill(fixed, LOWER);
        fixed[GAMMA] = ThroughputParams.MIN_GAMMA;
        tiedAtomic = oneAtomic ? firstAtomic : 0;
        if (oneAtomic) {
            free[ALPHA_COMPUTE] = false;
        }
        if (!seen[0]) {
            free[ALPHA_NODE] = false;
            free[BETA_NODE] = false;
        }
        if (!seen[1]) {
            free[ALPHA_LOCAL] = false;
            free[BETA_LOCAL] = false;
        }
        if (!seen[2]) {
            free[BETA_NODE] = false;
            free[BETA_LOCAL] = false;
        }
        if (!anySync) {
            free[GAMMA] = false;
        }
        List<Integer> terms = new ArrayList<>();
        for (int t = 0; t < TERMS; t++) {
            if (free[t]) {
                terms.add(t);
            }
        }
        freeTerms = terms.stream().mapToInt(Integer::intValue).toArray();
    }

    int size() {
        return freeTerms.length;
    }

    boolean isFree(int term) {
        return free[term];
    }

    /** The free vector for the full term values {@code terms}. */
    double[] toFree(double[] terms) {
        double[] theta = new double[freeTerms.length];
        for (int i = 0; i < freeTerms.length; i++) {
            int t = freeTerms[i];
            theta[i] = t == GAMMA ? terms[t] : Math.log(terms[t]);
        }
        return theta;
    }

    /** The full term values of free vector {@code theta}, fixed and tied terms filled in. */
    double[] toTerms(double[] theta) {
        double[] terms = fixed.clone();
        for (int i = 0; i < freeTerms.length; i++) {
            int t = freeTerms[i];
            terms[t] = t == GAMMA ? theta[i] : Math.exp(theta[i]);
        }
        if (tiedAtomic > 0) {
            terms[ALPHA_COMPUTE] = Math.max(LOWER, terms[BETA_COMPUTE] * tiedAtomic);
        }
        return terms;
    }

    /** {@code theta} moved into the bounds, in place. */
    double[] clamp(double[] theta) {
        for (int i = 0; i < freeTerms.length; i++) {
            theta[i] = freeTerms[i] == GAMMA
                    ? Math.max(ThroughputParams.MIN_GAMMA, Math.min(ThroughputParams.MAX_GAMMA, theta[i]))
                    : Math.max(Math.log(LOWER), Math.min(Math.log(UPPER), theta[i]));
        }
        return theta;
    }

    /** The parameters of full terms {@code terms}, with Pollux's prior that a link between nodes is never faster. */
    ThroughputParams params(double[] terms) {
        double alphaNode = terms[ALPHA_NODE];
        double betaNode = terms[BETA_NODE];
        if (!acrossNodes) {
            alphaNode = Math.max(alphaNode, 1.1 * terms[ALPHA_LOCAL]);
            betaNode = Math.max(betaNode, 1.1 * terms[BETA_LOCAL]);
        }
        return new ThroughputParams(terms[ALPHA_COMPUTE], terms[BETA_COMPUTE], alphaNode, betaNode,
                terms[ALPHA_LOCAL], terms[BETA_LOCAL], terms[GAMMA]);
    }
}
