package io.yarndl.yarn.config;

import io.yarndl.core.policy.resize.ResizeSettings;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code yarn.dl.scheduler.resize.*}: the resize-cost rule of the policies that forecast a job's
 * remaining time ({@code optimus}, {@code smd}), read together into one {@link ResizeSettings}
 * (docs/resize-cost.md). {@code dl2}'s optimus fallback keeps the rule's defaults. Checked here, key
 * by key, so that a bad value names its key.
 */
final class ResizeSetting {

    static final String PAYBACK_FACTOR = SchedulerSettings.PREFIX + "resize.payback-factor";
    static final String PRIOR_RESTART_SEC = SchedulerSettings.PREFIX + "resize.prior-restart-sec";

    private ResizeSetting() {
    }

    static ResizeSettings read(Configuration conf) {
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
