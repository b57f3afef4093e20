package io.yarndl.core.solver;

import java.util.PriorityQueue;

/**
 * A feasible start for a {@link ChoiceKnapsack}: Optimus' marginal-gain rule on the options. From a
 * feasible choice, repeatedly the one move of one job to another of its options that lowers the
 * cost most per unit of dominant share it adds (its largest added fraction of any dimension's
 * capacity), while it fits, until no move lowers the cost or fits. CP-SAT starts from it (a
 * complete hint) and returns nothing worse, which matters where its budget ends before it proves
 * anything (thousands of jobs on a full cluster). Stateless.
 */
public final class GreedyChoice {

    private record Move(int job, int from, int to, double score) {
    }

    private GreedyChoice() {
    }

    /**
     * The greedy choice for {@code instance} at {@code costs} (per job, per option), from
     * {@code start}, whose options must fit together.
     */
    public static int[] choose(ChoiceKnapsack.Instance instance, double[][] costs, int[] start) {
        long[] capacity = instance.capacity();
        int n = instance.jobs();
        int[] choice = start.clone();
        long[] used = new long[capacity.length];
        for (int j = 0; j < n; j++) {
            add(used, instance.demands()[j][choice[j]], 1);
        }
        PriorityQueue<Move> queue = new PriorityQueue<>((a, b) -> {
            int byScore = Double.compare(b.score(), a.score());
            return byScore != 0 ? byScore : Integer.compare(a.job(), b.job());
        });
        for (int j = 0; j < n; j++) {
            offer(queue, instance, costs, choice, used, j);
        }
        while (!queue.isEmpty()) {
            Move move = queue.poll();
            int j = move.job();
            if (choice[j] != move.from()) {
                continue;
            }
            long[][] demands = instance.demands()[j];
            if (!fits(used, demands[move.from()], demands[move.to()], capacity)) {
                offer(queue, instance, costs, choice, used, j);
                continue;
            }
            add(used, demands[move.from()], -1);
            add(used, demands[move.to()], 1);
            choice[j] = move.to();
            offer(queue, instance, costs, choice, used, j);
        }
        return choice;
    }

    /** Queues job {@code j}'s best move that fits now, if one lowers the cost. */
    private static void offer(PriorityQueue<Move> queue, ChoiceKnapsack.Instance instance, double[][] costs,
                              int[] choice, long[] used, int j) {
        long[][] demands = instance.demands()[j];
        long[] capacity = instance.capacity();
        int from = choice[j];
        double now = costs[j][from];
        Move best = null;
        for (int o = 0; o < demands.length; o++) {
            double saved = now - costs[j][o];
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
