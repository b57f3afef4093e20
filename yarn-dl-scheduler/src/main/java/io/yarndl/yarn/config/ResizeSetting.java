package io.yarndl.yarn.config;

import io.yarndl.core.policy.resize.ResizeSettings;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code yarn.dl.scheduler.resize.*}: the resize-cost rule of the policies that forecast a job's
 * remaining time ({@code optimus}, {@code smd}), read together into one {@link ResizeSettings}
 * (docs/resize-cost.md). {@code dl2}'s optimus fallback keeps the rule's defaults. Its prior is also
 * {@code pollux}'s and {@code sia}'s: one restart costs a job the same whichever policy weighs it,
 * so the keys they had ({@link #RETIRED_PRIORS}) are refused, naming this one. Checked here, key
 * by key, so that a bad value names its key.
 */
final class ResizeSetting {

    static final String PAYBACK_FACTOR = SchedulerSettings.PREFIX + "resize.payback-factor";
    static final String PRIOR_RESTART_SEC = SchedulerSettings.PREFIX + "resize.prior-restart-sec";

    /** The per-policy priors {@link #PRIOR_RESTART_SEC} replaced. */
    static final java.util.List<String> RETIRED_PRIORS = java.util.List.of(
            SchedulerSettings.PREFIX + "pollux.restart-prior-sec", SchedulerSettings.PREFIX + "sia.restart-prior-sec");

    private ResizeSetting() {
    }

    /** @throws InvalidSettingException for a bad value, or for a retired per-policy prior set at all */
    static ResizeSettings read(Configuration conf) {
        for (String retired : RETIRED_PRIORS) {
            if (conf.get(retired) != null) {
                throw new InvalidSettingException(retired, conf.get(retired), "is no longer read",
                        "set " + PRIOR_RESTART_SEC + " instead: one restart prior for resize, pollux and sia");
            }
        }
        ResizeSettings defaults = ResizeSettings.DEFAULT;
        return new ResizeSettings(
                SettingValues.readDouble(conf, PRIOR_RESTART_SEC, defaults.priorRestartSec(), 0, true,
                        "seconds one restart is taken to cost before a job's own are measured"),
                SettingValues.readDouble(conf, PAYBACK_FACTOR, defaults.paybackFactor(), 0, true,
                        "restarts a resize must save; 0 turns the rule off"));
    }

    /** The two keys with their values, as {@link SchedulerSettings#describe()} lists them. */
    static String describe(ResizeSettings resize) {
        return PAYBACK_FACTOR + "=" + SettingValues.formatDecimal(resize.paybackFactor())
                + ", " + PRIOR_RESTART_SEC + "=" + SettingValues.formatDecimal(resize.priorRestartSec());
    }
}
