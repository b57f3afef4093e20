package io.yarndl.core.goodput;

/**
 * Pollux's model of one training iteration's time (Qiao et al., "Pollux: Co-adaptive Cluster
 * Scheduling for Goodput-Optimized Deep Learning", OSDI'21, section 3.2), for a job of
 * {@code replicas} data-parallel replicas on {@code nodes} nodes, each replica computing gradients
 * over {@code atomic} samples per micro-step and accumulating {@code s} micro-steps before each
 * synchronised optimiser step:
 *
 * <pre>
 * T_grad(m)    = alphaCompute + betaCompute * m
 * T_sync(N, K) = 0                                          K = 1
 *              = alphaLocal + betaLocal * max(K - 2, 0)     N = 1, K &gt;= 2  (all replicas on one node)
 *              = alphaNode  + betaNode  * max(K - 2, 0)     N &gt;= 2         (the slowest link is between nodes)
 * T_iter       = s * T_grad + (T_grad^gamma + T_sync^gamma)^(1/gamma)
 * </pre>
 *
 * {@code gamma} in [1, 10] says how much of the synchronisation overlaps the last micro-step's
 * backward pass: 1 none (the times add), large nearly all (the longer of the two). The first
 * {@code s} micro-steps do not synchronise. Times are in seconds, batch sizes in samples.
 *
 * @param alphaCompute fixed time of one micro-step's forward and backward pass
 * @param betaCompute  time per sample of it
 * @param alphaNode    fixed time of a synchronisation across nodes
 * @param betaNode     its growth per replica beyond two (ring all-reduce rounds)
 * @param alphaLocal   fixed time of a synchronisation within one node
 * @param betaLocal    its growth per replica beyond two
 * @param gamma        overlap of computation and synchronisation
 */
public record ThroughputParams(double alphaCompute, double betaCompute, double alphaNode, double betaNode,
                               double alphaLocal, double betaLocal, double gamma) {

    /** The least overlap: computation and synchronisation add up. */
    public static final double MIN_GAMMA = 1.0;
    /** Close enough to the maximum of the two for any use here (Pollux's bound). */
    public static final double MAX_GAMMA = 10.0;

    public ThroughputParams {
        for (double value : new double[] {alphaCompute, betaCompute, alphaNode, betaNode, alphaLocal, betaLocal}) {
            if (!(value >= 0) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("throughput model terms must be finite and >= 0, got " + value
                        + " in " + java.util.Arrays.toString(new double[] {alphaCompute, betaCompute, alphaNode,
                                betaNode, alphaLocal, betaLocal}));
            }
        }
        if (!(gamma >= MIN_GAMMA && gamma <= MAX_GAMMA)) {
            throw new IllegalArgumentException("gamma must be in [" + MIN_GAMMA + ", " + MAX_GAMMA + "], got " + gamma);
        }
        if (alphaCompute + betaCompute <= 0) {
            throw new IllegalArgumentException("a micro-step must take some time: alphaCompute + betaCompute > 0");
        }
    }

    /** {@code T_grad}: seconds of one micro-step over {@code atomic} samples. */
    public double computeSeconds(int atomic) {
        return alphaCompute + betaCompute * atomic;
    }

    /** {@code T_sync}: seconds of one synchronisation of {@code replicas} replicas on {@code nodes} nodes. */
    public double syncSeconds(int nodes, int replicas) {
        if (replicas <= 1) {
            return 0;
        }
        int beyondTwo = Math.max(replicas - 2, 0);
        return nodes > 1 ? alphaNode + betaNode * beyondTwo : alphaLocal + betaLocal * beyondTwo;
    }

    /** {@code T_iter}: seconds of one optimiser step, its {@code split.accumulationSteps()} extra micro-steps included. */
    public double iterationSeconds(int nodes, int replicas, LocalBatch split) {
        double grad = computeSeconds(split.atomic());
        double sync = syncSeconds(nodes, replicas);
        double last = sync == 0 ? grad : overlap(grad, sync);
        return split.accumulationSteps() * grad + last;
    }

    /** Samples per second at global batch {@code globalBatch} split as {@code split}. */
    public double samplesPerSecond(int nodes, int replicas, int globalBatch, LocalBatch split) {
        return globalBatch / iterationSeconds(nodes, replicas, split);
    }

    private double overlap(double grad, double sync) {
        if (gamma == MIN_GAMMA) {
            return grad + sync;
        }
        // Scaled by the larger term so that the power cannot overflow or underflow.
        double top = Math.max(grad, sync);
        double a = grad / top;
        double b = sync / top;
        return top * Math.pow(Math.pow(a, gamma) + Math.pow(b, gamma), 1.0 / gamma);
    }
}
