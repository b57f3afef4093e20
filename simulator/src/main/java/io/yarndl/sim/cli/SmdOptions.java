package io.yarndl.sim.cli;

import io.yarndl.core.policy.smd.SmdSettings;
import io.yarndl.core.policy.smd.SmdSettings.SmdDefaults;
import picocli.CommandLine.Option;

/**
 * SMD's knobs on the simulator's command line, the same three the ResourceManager reads from
 * {@code yarn.dl.scheduler.smd.*} (docs/smd.md); they apply where {@code smd} runs.
 */
public final class SmdOptions {

    @Option(names = "--smd-knapsack-seconds", paramLabel = "SEC",
            defaultValue = "" + SmdDefaults.KNAPSACK_SECONDS,
            description = "smd: CP-SAT's deterministic time budget per knapsack (default: ${DEFAULT-VALUE}).")
    double knapsackSeconds;

    @Option(names = "--smd-max-knapsacks", paramLabel = "N", defaultValue = "" + SmdDefaults.MAX_KNAPSACKS,
            description = "smd: knapsacks of Jong's iteration per plan, before the closing one (default: ${DEFAULT-VALUE}).")
    int maxKnapsacks;

    @Option(names = "--smd-links-per-node", paramLabel = "L", defaultValue = "" + SmdDefaults.LINKS_PER_NODE,
            description = "smd: network links each node brings to the knapsack's network dimension; 0 leaves the"
                    + " network out (default: ${DEFAULT-VALUE}).")
    double linksPerNode;

    /**
     * The settings these options give.
     *
     * @throws IllegalArgumentException naming the option whose value cannot be used
     */
    public SmdSettings settings() {
        if (!(knapsackSeconds > 0) || Double.isInfinite(knapsackSeconds)) {
            throw new IllegalArgumentException("--smd-knapsack-seconds must be a positive number, got " + knapsackSeconds);
        }
        if (maxKnapsacks < 1) {
            throw new IllegalArgumentException("--smd-max-knapsacks must be at least 1, got " + maxKnapsacks);
        }
        if (!(linksPerNode >= 0) || Double.isInfinite(linksPerNode)) {
            throw new IllegalArgumentException("--smd-links-per-node must be >= 0, got " + linksPerNode);
        }
        return new SmdSettings(knapsackSeconds, maxKnapsacks, linksPerNode);
    }
}
