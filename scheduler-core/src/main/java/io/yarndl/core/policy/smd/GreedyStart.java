package io.yarndl.core.policy.smd;

import io.yarndl.core.solver.GreedyChoice;

/**
 * The decomposition's starting point: Optimus' marginal-gain rule on SMD's options
 * ({@link GreedyChoice}) with each option's own remaining time as its cost, from every job's first
 * option (its minimum): repeatedly the move that saves the most remaining seconds per unit of
 * dominant share it adds. A feasible choice as good as Optimus' allocator would make on the same
 * predictions; CP-SAT starts from it and returns nothing worse.
 */
final class GreedyStart {

    private GreedyStart() {
    }

    /** The greedy choice for {@code problem}, from every job's option 0 (which must fit together). */
    static int[] choose(SumOfRatios.Problem problem) {
        return GreedyChoice.choose(problem.instance(), SumOfRatios.ratios(problem), new int[problem.instance().jobs()]);
    }
}
