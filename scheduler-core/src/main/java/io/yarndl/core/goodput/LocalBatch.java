package io.yarndl.core.goodput;

/**
 * How one replica takes its share of a global batch: {@code atomic} samples a micro-step, and
 * {@code accumulationSteps} micro-steps before the last one, whose gradients it accumulates before
 * the replicas synchronise (gradient accumulation, so that a share larger than a GPU holds still
 * trains). Pollux's rule, which the job and the policy must both follow for the model's times to be
 * the job's (a trainer that splits otherwise runs at other speeds than the policy predicts):
 *
 * <pre>
 * local             = ceil(M / replicas)
 * accumulationSteps = ceil(local / maxLocal) - 1      (0 where no maxLocal is declared)
 * atomic            = ceil(local / (accumulationSteps + 1))
 * </pre>
 *
 * @param atomic            samples per replica per micro-step, at least 1
 * @param accumulationSteps micro-steps before the synchronised one, at least 0
 */
public record LocalBatch(int atomic, int accumulationSteps) {

    public LocalBatch {
        if (atomic < 1 || accumulationSteps < 0) {
            throw new IllegalArgumentException("a local batch needs atomic >= 1 and accumulation steps >= 0, got "
                    + atomic + " and " + accumulationSteps);
        }
    }

    /**
     * The split of global batch {@code globalBatch} over {@code replicas} replicas that each hold at
     * most {@code maxLocal} samples ({@link io.yarndl.core.job.BatchLimits#NO_LOCAL_LIMIT} for no limit).
     */
    public static LocalBatch split(int globalBatch, int replicas, int maxLocal) {
        if (globalBatch < 1 || replicas < 1 || maxLocal < 0) {
            throw new IllegalArgumentException("cannot split a batch of " + globalBatch + " over " + replicas
                    + " replicas of at most " + maxLocal + " samples");
        }
        int local = ceilDiv(globalBatch, replicas);
        int steps = maxLocal > 0 ? ceilDiv(local, maxLocal) - 1 : 0;
        return new LocalBatch(ceilDiv(local, steps + 1), steps);
    }

    /** Samples each replica takes per optimiser step. */
    public int perReplica() {
        return atomic * (accumulationSteps + 1);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
