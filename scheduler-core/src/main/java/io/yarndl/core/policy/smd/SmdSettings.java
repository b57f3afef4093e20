package io.yarndl.core.policy.smd;

/**
 * SMD's knobs, each a scheduler configuration key ({@code yarn.dl.scheduler.smd.*}, docs/configuration.md)
 * and a simulator option.
 *
 * @param knapsackSeconds CP-SAT's deterministic time budget per knapsack (its own unit, close to seconds)
 * @param maxKnapsacks    knapsacks of Jong's iteration per plan, before the closing one
 * @param linksPerNode    network links each node brings to the knapsack's network dimension; 0 leaves the
 *                        network out (the simulator's measured speeds do not slow a job for its neighbours' traffic)
 */
public record SmdSettings(double knapsackSeconds, int maxKnapsacks, double linksPerNode) {

    /**
     * The defaults. The network dimension is off unless configured: DL2's measured speeds, which
     * the calibration is fitted to, already include each job's own traffic, and with one link per
     * node the dimension held SMD's jobs far below what the simulator's cluster could run
     * (docs/smd.md gives the figures).
     */
    public static final SmdSettings DEFAULT = new SmdSettings(SmdDefaults.KNAPSACK_SECONDS, SmdDefaults.MAX_KNAPSACKS,
            SmdDefaults.LINKS_PER_NODE);

    /**
     * The defaults as constants, for annotations that need them (picocli's). One knapsack of Jong's
     * iteration: on the evaluation's workloads four gave the same plans (the closing knapsack
     * decides) at four times the cost (docs/smd.md).
     */
    public static final class SmdDefaults {
        public static final double KNAPSACK_SECONDS = 0.05;
        public static final int MAX_KNAPSACKS = 1;
        public static final double LINKS_PER_NODE = 0.0;

        private SmdDefaults() {
        }
    }

    public SmdSettings {
        if (!(knapsackSeconds > 0) || Double.isInfinite(knapsackSeconds)) {
            throw new IllegalArgumentException("SMD's knapsack budget must be a positive number of seconds, got "
                    + knapsackSeconds);
        }
        if (maxKnapsacks < 1) {
            throw new IllegalArgumentException("SMD needs at least one knapsack per plan, got " + maxKnapsacks);
        }
        if (!(linksPerNode >= 0) || Double.isInfinite(linksPerNode)) {
            throw new IllegalArgumentException("SMD's links per node must be >= 0, got " + linksPerNode);
        }
    }
}
