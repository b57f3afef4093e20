package io.yarndl.core.goodput;

/**
 * One configuration a job was measured at and its mean iteration time there, what
 * {@link ThroughputFitter} fits {@link ThroughputParams} to.
 *
 * @param nodes            nodes its replicas spanned
 * @param replicas         data-parallel replicas (workers)
 * @param split            how each replica took its share of the batch
 * @param iterationSeconds mean seconds per optimiser step measured there
 * @param samples          how many progress samples the mean is over
 */
public record ThroughputObservation(int nodes, int replicas, LocalBatch split, double iterationSeconds, int samples) {

    public ThroughputObservation {
        if (nodes < 1 || replicas < nodes) {
            throw new IllegalArgumentException("an observation needs 1 <= nodes <= replicas, got " + nodes + " and "
                    + replicas);
        }
        if (!(iterationSeconds > 0) || Double.isInfinite(iterationSeconds)) {
            throw new IllegalArgumentException("iteration time must be positive and finite, got " + iterationSeconds);
        }
        if (samples < 1) {
            throw new IllegalArgumentException("an observation is over at least one sample, got " + samples);
        }
    }

    /** True when the replicas synchronised across nodes. */
    boolean acrossNodes() {
        return nodes > 1;
    }

    /** True when several replicas synchronised within one node. */
    boolean withinOneNode() {
        return nodes == 1 && replicas > 1;
    }
}
