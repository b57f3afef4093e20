package io.yarndl.core.goodput;

import io.yarndl.core.job.BatchLimits;
import java.util.Objects;

/**
 * A job's goodput (Pollux, OSDI'21, section 3): for an allocation of {@code replicas} replicas on
 * {@code nodes} nodes, the best over the batches the job allows of
 *
 * <pre>
 * GOODPUT(a, M) = THROUGHPUT(a, M) * E(M),   THROUGHPUT(a, M) = M / T_iter(a, LocalBatch.split(M))
 * </pre>
 *
 * with {@link ThroughputParams} and {@link StatisticalEfficiency}. The batches tried are the job's
 * reference batch and {@value #GRID} sizes spaced geometrically between the least that gives every
 * replica a sample and the job's largest, as Pollux searches a geometric grid; beyond a replica's
 * {@link BatchLimits#maxLocal()} the share is reached by gradient accumulation. A job whose batch is
 * fixed ({@link BatchLimits#isAdaptive()} false), or whose noise scale is unknown, trains at its
 * reference batch (clamped into its limits), so its goodput is its throughput there. Immutable.
 */
public final class GoodputModel {

    /** Geometrically spaced batch sizes tried per allocation, besides the reference batch. */
    static final int GRID = 24;

    private final ThroughputParams params;
    private final StatisticalEfficiency efficiency;
    private final BatchLimits limits;

    public GoodputModel(ThroughputParams params, StatisticalEfficiency efficiency, BatchLimits limits) {
        this.params = Objects.requireNonNull(params, "params");
        this.efficiency = Objects.requireNonNull(efficiency, "efficiency");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    public ThroughputParams params() {
        return params;
    }

    public StatisticalEfficiency efficiency() {
        return efficiency;
    }

    public BatchLimits limits() {
        return limits;
    }

    /** The best batch for {@code replicas} replicas on {@code nodes} nodes; {@link BatchChoice#NONE} where none trains. */
    public BatchChoice best(int nodes, int replicas) {
        if (nodes < 1 || replicas < nodes) {
            throw new IllegalArgumentException("an allocation needs 1 <= nodes <= replicas, got " + nodes
                    + " nodes and " + replicas + " replicas");
        }
        int reference = limits.clamp(efficiency.referenceBatch());
        if (!limits.isAdaptive() || !efficiency.isKnown()) {
            return reference >= replicas ? at(nodes, replicas, reference) : BatchChoice.NONE;
        }
        int lo = Math.max(limits.min(), replicas);
        int hi = limits.max();
        if (lo > hi) {
            return BatchChoice.NONE;
        }
        BatchChoice best = reference >= lo ? at(nodes, replicas, reference) : BatchChoice.NONE;
        double ratio = hi > lo ? Math.pow((double) hi / lo, 1.0 / (GRID - 1)) : 1;
        int previous = 0;
        for (int i = 0; i < GRID; i++) {
            int batch = i == GRID - 1 ? hi : (int) Math.min(hi, Math.round(lo * Math.pow(ratio, i)));
            if (batch == previous) {
                continue;
            }
            previous = batch;
            BatchChoice candidate = at(nodes, replicas, batch);
            if (candidate.goodput() > best.goodput()) {
                best = candidate;
            }
        }
        return best;
    }

    /** Goodput of the best batch, samples per second worth of progress at the reference batch. */
    public double goodput(int nodes, int replicas) {
        return best(nodes, replicas).goodput();
    }

    /** The prediction at global batch {@code batch}, which must give every replica a sample. */
    public BatchChoice at(int nodes, int replicas, int batch) {
        LocalBatch split = LocalBatch.split(batch, replicas, limits.maxLocal());
        double throughput = params.samplesPerSecond(nodes, replicas, batch, split);
        double e = efficiency.at(batch);
        return new BatchChoice(batch, split, throughput, e, throughput * e);
    }

    /** This model with its throughput scaled by {@code factor} (a faster or slower GPU type). */
    public GoodputModel scaled(double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("a throughput scale must be positive and finite, got " + factor);
        }
        return new GoodputModel(new ThroughputParams(params.alphaCompute() / factor, params.betaCompute() / factor,
                params.alphaNode() / factor, params.betaNode() / factor, params.alphaLocal() / factor,
                params.betaLocal() / factor, params.gamma()), efficiency, limits);
    }

    @Override
    public String toString() {
        return "GoodputModel[" + params + ", " + efficiency + ", " + limits + "]";
    }
}
