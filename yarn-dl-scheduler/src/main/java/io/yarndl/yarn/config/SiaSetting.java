package io.yarndl.yarn.config;

import io.yarndl.core.policy.pollux.PowerMean;
import io.yarndl.core.policy.sia.SiaSettings;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code yarn.dl.scheduler.sia.*}: the knobs of the {@code sia} policy, read together into one
 * {@link SiaSettings}, key by key as {@link PolluxSetting} reads Pollux's. Its restart prior is the
 * shared {@code yarn.dl.scheduler.resize.prior-restart-sec} ({@link ResizeSetting}).
 */
final class SiaSetting {

    static final String FAIRNESS_P = SchedulerSettings.PREFIX + "sia.fairness-p";
    static final String UNALLOCATED_PENALTY = SchedulerSettings.PREFIX + "sia.unallocated-penalty";
    static final String SOLVER_SECONDS = SchedulerSettings.PREFIX + "sia.solver-seconds";
    static final String SOLVER_MAX_OPTIONS = SchedulerSettings.PREFIX + "sia.solver-max-options";

    /** Its keys, in the order {@link SchedulerSettings#describe()} lists them. */
    static final List<String> KEYS = List.of(FAIRNESS_P, UNALLOCATED_PENALTY, SOLVER_SECONDS, SOLVER_MAX_OPTIONS);

    private SiaSetting() {
    }

    /** Its knobs, with {@code restartPriorSec} read already from the shared key. */
    static SiaSettings read(Configuration conf, double restartPriorSec) {
        SiaSettings defaults = SiaSettings.DEFAULT;
        return new SiaSettings(
                SettingValues.readDoubleBetween(conf, FAIRNESS_P, defaults.fairnessP(), PowerMean.MIN_P, PowerMean.MAX_P,
                        "the power of the jobs' normalised goodputs; lower is fairer"),
                restartPriorSec,
                SettingValues.readDouble(conf, UNALLOCATED_PENALTY, defaults.unallocatedPenalty(), 0, false,
                        "what a job left without GPUs adds to the objective"),
                SettingValues.readDouble(conf, SOLVER_SECONDS, defaults.solverSeconds(), 0, false,
                        "seconds of CP-SAT's deterministic time per plan"),
                (int) SettingValues.readLong(conf, SOLVER_MAX_OPTIONS, defaults.solverMaxOptions(), 0, Integer.MAX_VALUE,
                        "configurations a plan may weigh for CP-SAT to run"));
    }

    /** The defaults as a configuration file writes them, by key. */
    static void putDefaults(java.util.Map<String, String> defaults) {
        SiaSettings d = SiaSettings.DEFAULT;
        defaults.put(FAIRNESS_P, SettingValues.formatDecimal(d.fairnessP()));
        defaults.put(UNALLOCATED_PENALTY, SettingValues.formatDecimal(d.unallocatedPenalty()));
        defaults.put(SOLVER_SECONDS, SettingValues.formatDecimal(d.solverSeconds()));
        defaults.put(SOLVER_MAX_OPTIONS, Integer.toString(d.solverMaxOptions()));
    }

    /** The keys with their values, as {@link SchedulerSettings#describe()} lists them. */
    static String describe(SiaSettings sia) {
        return FAIRNESS_P + "=" + SettingValues.formatDecimal(sia.fairnessP())
                + ", " + UNALLOCATED_PENALTY + "=" + SettingValues.formatDecimal(sia.unallocatedPenalty())
                + ", " + SOLVER_SECONDS + "=" + SettingValues.formatDecimal(sia.solverSeconds())
                + ", " + SOLVER_MAX_OPTIONS + "=" + sia.solverMaxOptions();
    }
}
