package io.yarndl.yarn.config;

import io.yarndl.core.policy.smd.SmdSettings;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code yarn.dl.scheduler.smd.*}: the knobs of the {@code smd} policy, read together into one
 * {@link SmdSettings}. Checked here, key by key, so that a bad value names its key; the record's
 * own checks are the same and never fire on what this returns.
 *
 * <p>The knapsack budget is CP-SAT's deterministic time, close to seconds but not wall-clock time:
 * a plan takes about {@code (max-knapsacks + 1) * knapsack-seconds} in the solver, which must stay
 * well inside {@code yarn.dl.scheduler.policy-timeout-ms}; that is documented, not refused, since
 * the two clocks differ.
 */
final class SmdSetting {

    static final String KNAPSACK_SECONDS = SchedulerSettings.PREFIX + "smd.knapsack-seconds";
    static final String MAX_KNAPSACKS = SchedulerSettings.PREFIX + "smd.max-knapsacks";
    static final String LINKS_PER_NODE = SchedulerSettings.PREFIX + "smd.links-per-node";

    private SmdSetting() {
    }

    static SmdSettings read(Configuration conf) {
        SmdSettings defaults = SmdSettings.DEFAULT;
        return new SmdSettings(
                SettingValues.readDouble(conf, KNAPSACK_SECONDS, defaults.knapsackSeconds(), 0, false,
                        "seconds of CP-SAT's deterministic time per knapsack"),
                (int) SettingValues.readLong(conf, MAX_KNAPSACKS, defaults.maxKnapsacks(), 1, Integer.MAX_VALUE,
                        "knapsacks per plan"),
                SettingValues.readDouble(conf, LINKS_PER_NODE, defaults.linksPerNode(), 0, true,
                        "network links per node; 0 leaves the network out"));
    }

    /** The three keys with their values, as {@link SchedulerSettings#describe()} lists them. */
    static String describe(SmdSettings smd) {
        return KNAPSACK_SECONDS + "=" + SettingValues.formatDecimal(smd.knapsackSeconds())
                + ", " + MAX_KNAPSACKS + "=" + smd.maxKnapsacks()
                + ", " + LINKS_PER_NODE + "=" + SettingValues.formatDecimal(smd.linksPerNode());
    }
}
