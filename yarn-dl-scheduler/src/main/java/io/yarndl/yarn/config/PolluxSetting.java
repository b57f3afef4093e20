package io.yarndl.yarn.config;

import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.pollux.PowerMean;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code yarn.dl.scheduler.pollux.*}: the knobs of the {@code pollux} policy, read together into one
 * {@link PolluxSettings}. Checked here, key by key, so that a bad value names its key; the record's
 * own checks are the same and never fire on what this returns. The solver budget is CP-SAT's
 * deterministic time, close to seconds but not wall-clock time: keep it well inside
 * {@code yarn.dl.scheduler.policy-timeout-ms}. Its restart prior is the shared
 * {@code yarn.dl.scheduler.resize.prior-restart-sec} ({@link ResizeSetting}).
 */
final class PolluxSetting {

    static final String FAIRNESS_P = SchedulerSettings.PREFIX + "pollux.fairness-p";
    static final String SOLVER_SECONDS = SchedulerSettings.PREFIX + "pollux.solver-seconds";
    static final String SOLVER_MAX_OPTIONS = SchedulerSettings.PREFIX + "pollux.solver-max-options";

    /** Its keys, in the order {@link SchedulerSettings#describe()} lists them. */
    static final List<String> KEYS = List.of(FAIRNESS_P, SOLVER_SECONDS, SOLVER_MAX_OPTIONS);

    private PolluxSetting() {
    }

    /** Its knobs, with {@code restartPriorSec} read already from the shared key. */
    static PolluxSettings read(Configuration conf, double restartPriorSec) {
        PolluxSettings defaults = PolluxSettings.DEFAULT;
        return new PolluxSettings(
                SettingValues.readDoubleBetween(conf, FAIRNESS_P, defaults.fairnessP(), PowerMean.MIN_P, PowerMean.MAX_P,
                        "the power of the mean of the jobs' speedups; lower is fairer"),
                restartPriorSec,
                SettingValues.readDouble(conf, SOLVER_SECONDS, defaults.solverSeconds(), 0, false,
                        "seconds of CP-SAT's deterministic time per plan"),
                (int) SettingValues.readLong(conf, SOLVER_MAX_OPTIONS, defaults.solverMaxOptions(), 0, Integer.MAX_VALUE,
                        "sizes a plan may weigh for CP-SAT to run"));
    }

    /** The defaults as a configuration file writes them, by key. */
    static void putDefaults(java.util.Map<String, String> defaults) {
        PolluxSettings d = PolluxSettings.DEFAULT;
        defaults.put(FAIRNESS_P, SettingValues.formatDecimal(d.fairnessP()));
        defaults.put(SOLVER_SECONDS, SettingValues.formatDecimal(d.solverSeconds()));
        defaults.put(SOLVER_MAX_OPTIONS, Integer.toString(d.solverMaxOptions()));
    }

    /** The keys with their values, as {@link SchedulerSettings#describe()} lists them. */
    static String describe(PolluxSettings pollux) {
        return FAIRNESS_P + "=" + SettingValues.formatDecimal(pollux.fairnessP())
                + ", " + SOLVER_SECONDS + "=" + SettingValues.formatDecimal(pollux.solverSeconds())
                + ", " + SOLVER_MAX_OPTIONS + "=" + pollux.solverMaxOptions();
    }
}
