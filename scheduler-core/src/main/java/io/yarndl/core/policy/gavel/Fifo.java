package io.yarndl.core.policy.gavel;

import java.util.Arrays;

/**
 * Gavel's FIFO baselines, {@code fifo_perf} and {@code fifo} (Narayanan et al., OSDI'20, section
 * 7): not an optimisation but a queue. Jobs in arrival order each take their scale factor's worth
 * of whole GPUs of one type for the whole round (X[j][k] = 1) while a type has room for them:
 *
 * <pre>
 *   for j in arrival order:
 *     if j can run on no type at all:                skip (it gets nothing)
 *     if no type has scaleFactor[j] free GPUs:       stop (head-of-line blocking, no backfilling)
 *     k = among types with room where T[j][k] > 0, the one with the highest T[j][k], the first in
 *         the problem's type order on ties;  none: skip j this round
 *     X[j][k] = 1,  free[k] -= scaleFactor[j]
 * </pre>
 *
 * <p>On its own problem this is {@code fifo_perf} (Gavel's FIFO with perf mode: the fastest free
 * type); on {@link AllocationProblem#withEqualThroughputs()} every usable type ties, so it takes the
 * first type with room, which is the agnostic {@code fifo}. Gavel's agnostic FIFO picks a random
 * type with room (seeded), and keeps jobs where it placed them in earlier rounds; this one is
 * deterministic and stateless (the round mechanism keeps jobs in place). Unlike Gavel's, a job whose
 * scale factor fits no type never blocks the queue: it could wait forever.
 */
public final class Fifo implements AllocationObjective {

    public static final String NAME = "fifo";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public TimeFractions solve(AllocationProblem problem) {
        int types = problem.typeCount();
        double[][] fractions = new double[problem.jobCount()][types];
        int[] free = problem.gpusPerType();
        for (int j = 0; j < problem.jobCount(); j++) {
            if (!problem.canRunAnywhere(j)) {
                continue;
            }
            int scaleFactor = problem.scaleFactor(j);
            if (Arrays.stream(free).noneMatch(gpus -> gpus >= scaleFactor)) {
                break;
            }
            int chosen = -1;
            for (int k = 0; k < types; k++) {
                boolean fits = free[k] >= scaleFactor && problem.throughput(j, k) > 0;
                if (fits && (chosen < 0 || problem.throughput(j, k) > problem.throughput(j, chosen))) {
                    chosen = k;
                }
            }
            if (chosen >= 0) {
                fractions[j][chosen] = 1;
                free[chosen] -= scaleFactor;
            }
        }
        return new TimeFractions(fractions);
    }
}
