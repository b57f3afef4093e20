package io.yarndl.core.policy.smd;

import java.util.PriorityQueue;

/**
 * The decomposition's starting point: Optimus' marginal-gain rule on SMD's options. From every
 * job's first option (its minimum), repeatedly the one move of one job to another of its options
 * that saves the most remaining seconds per unit of dominant share it adds, while it fits, until
 * no move saves time or fits. A feasible choice as good as Optimus' allocator would make on the same
 * predictions; CP-SAT starts from it (a complete hint) and returns nothing worse, which matters
 * where its budget ends before it proves anything (thousands of jobs on a full cluster).
 */
final class GreedyStart {

    private record Move(int job, int from, int to, double score) {
    }

    private GreedyStart() {
    }

    /** The greedy choice for {@code problem}, from every job's option 0 (which must fit together). */
    static int[] choose(SumOfRatios.Problem problem) {
        ChoiceKnapsack.Instance instance = problem.instance();
        long[] capacity = instance.capacity();
        int n = instance.jobs();
        int[] choice = new int[n];
        long[] used = new long[capacity.length];
        for (int j = 0; j < n; j++) {
            add(used, instance.demands()[j][0], 1);
        }
        PriorityQueue<Move> queue = new PriorityQueue<>((a, b) -> {
            int byScore = Double.compare(b.score(), a.score());
            return byScore != 0 ? byScore : Integer.compare(a.job(), b.job());
        });
        for (int j = 0; j < n; j++) {
            offer(queue, problem, choice, used, j);
        }
        while (!queue.isEmpty()) {
            Move move = queue.poll();
            int j = move.job();
            if (choice[j] != move.from()) {
                continue;
            }
            long[][] demands = instance.demands()[j];
            if (!fits(used, demands[move.from()], demands[move.to()], capacity)) {
                offer(queue, problem, choice, used, j);
                continue;
            }
            add(used, demands[move.from()], -1);
            add(used, demands[move.to()], 1);
            choice[j] = move.to();
            offer(queue, problem, choice, used, j);
        }
        return choice;
    }

    /** Queues job {@code j}'s best move that fits now, if one saves time. */
    private static void offer(PriorityQueue<Move> queue, SumOfRatios.Problem problem, int[] choice, long[] used, int j) {
        long[][] demands = problem.instance().demands()[j];
        long[] capacity = problem.instance().capacity();
        int from = choice[j];
        double now = problem.ratio(j, from);
        Move best = null;
        for (int o = 0; o < demands.length; o++) {
            double saved = now - problem.ratio(j, o);
            if (o == from || !(saved > 0) || !fits(used, demands[from], demands[o], capacity)) {
                continue;
            }
            double share = 0;
            for (int d = 0; d < capacity.length; d++) {
                if (capacity[d] > 0) {
                    share = Math.max(share, (double) (demands[o][d] - demands[from][d]) / capacity[d]);
                }
            }
            double score = share > 0 ? saved / share : Double.POSITIVE_INFINITY;
            if (best == null || score > best.score()) {
                best = new Move(j, from, o, score);
            }
        }
        if (best != null) {
            queue.add(best);
        }
    }

    private static boolean fits(long[] used, long[] from, long[] to, long[] capacity) {
        for (int d = 0; d < capacity.length; d++) {
            if (used[d] - from[d] + to[d] > capacity[d]) {
                return false;
            }
        }
        return true;
    }

    private static void add(long[] used, long[] demand, int sign) {
        for (int d = 0; d < used.length; d++) {
            used[d] += sign * demand[d];
        }
    }
}
