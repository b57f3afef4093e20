package io.yarndl.core.placement.interferenceaware;

import io.yarndl.core.cluster.Node;
import io.yarndl.core.placement.NodeLedger;
import io.yarndl.core.placement.NodeTenants.Tenant;

/**
 * A node's fitness for a job from the job-interference model: how much of their speed the job and
 * the node's tenants ({@link NodeLedger#tenants()}) would keep beside each other. For tenants t
 * holding {@code s_t} of the node's GPUs (their GPUs over the node's), on the node's GPU type:
 *
 * <pre>  keeps  = 1 - sum_t s_t (1 - keep(job beside t))      the job's own loss
 *  spares = 1 - sum_t s_t (1 - keep(t beside job))      the harm it does to them
 *  fitness = (keeps + spares) / 2, each clamped to [0, 1]</pre>
 *
 * <p>A neighbour counts by how much of the node it holds: a job beside one GPU of a bad neighbour
 * on an 8-GPU server contends for less of the host (CPU, memory bandwidth, PCIe, network) than
 * beside seven. Both directions count the same, since a round's throughput is everybody's: a node
 * where the job would run well but halve its neighbours is no better than one where it would be
 * halved. An empty node, or one of no GPUs, scores 1. Predictions come from
 * {@link PredictedInterference}, whose unknown families read the mean measured slowdown.
 */
final class InterferenceFitness implements NodeFitness {

    private final String family;
    private final PredictedInterference predictions;

    /**
     * @param family      the model family of the job being placed
     * @param predictions the fitted model's predictions
     */
    InterferenceFitness(String family, PredictedInterference predictions) {
        this.family = family;
        this.predictions = predictions;
    }

    @Override
    public double of(NodeLedger ledger, int index) {
        Node node = ledger.node(index);
        int gpus = node.capacity().gpus();
        if (gpus <= 0) {
            return 1.0;
        }
        double ownLoss = 0;
        double harm = 0;
        for (Tenant tenant : ledger.tenants().of(index)) {
            double share = (double) tenant.gpus() / gpus;
            ownLoss += share * (1 - predictions.keeps(family, tenant.family(), node.acceleratorType()));
            harm += share * (1 - predictions.keeps(tenant.family(), family, node.acceleratorType()));
        }
        return (clamp(1 - ownLoss) + clamp(1 - harm)) / 2;
    }

    private static double clamp(double value) {
        return Math.min(1, Math.max(0, value));
    }
}
