package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.policy.resize.ResizeSettings;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code yarn.dl.scheduler.resize.*} keys, read into one {@link ResizeSettings}. */
class ResizeSettingTest {

    @Test
    void unsetKeysGiveTheRulesDefaults() {
        SchedulerSettings settings = SchedulerSettings.from(SettingsFixtures.minimal(), SettingsFixtures.KNOWN);

        assertEquals(ResizeSettings.DEFAULT, settings.resize());
        assertEquals("5", SchedulerSettings.DEFAULTS.get(SchedulerSettings.RESIZE_PRIOR_RESTART_SEC));
        assertEquals(SettingValues.formatDecimal(ResizeSettings.DEFAULT.paybackFactor()),
                SchedulerSettings.DEFAULTS.get(SchedulerSettings.RESIZE_PAYBACK_FACTOR));
    }

    @Test
    void readsDecimalsAndZeroTurnsTheRuleOff() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.RESIZE_PAYBACK_FACTOR, " 0 ");
        conf.set(SchedulerSettings.RESIZE_PRIOR_RESTART_SEC, "2.5e2");

        ResizeSettings read = SchedulerSettings.from(conf, SettingsFixtures.KNOWN).resize();

        assertEquals(new ResizeSettings(250, 0), read);
        assertEquals(false, read.charges());
    }

    @Test
    void describeWritesTheKnobsAsTheSiteFileDoes() {
        assertEquals("yarn.dl.scheduler.resize.payback-factor=2.5, yarn.dl.scheduler.resize.prior-restart-sec=45",
                ResizeSetting.describe(new ResizeSettings(45, 2.5)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "yarn.dl.scheduler.resize.payback-factor    | -1    | is out of range | a number >= 0 (restarts a resize must save; 0 turns the rule off)",
        "yarn.dl.scheduler.resize.payback-factor    | ten   | is not a number | a number >= 0",
        "yarn.dl.scheduler.resize.payback-factor    | NaN   | is not a number | a number >= 0",
        "yarn.dl.scheduler.resize.prior-restart-sec | -30   | is out of range | a number >= 0 (seconds one restart is taken to cost before a job's own are measured)",
        "yarn.dl.scheduler.resize.prior-restart-sec | 30s   | is not a number | a number >= 0",
        "yarn.dl.scheduler.resize.prior-restart-sec | 1e400 | is out of range | a number >= 0",
    })
    void aBadValueNamesTheKeyTheValueAndWhatIsAllowed(String key, String value, String problem, String allowed) {
        InvalidSettingException error = SettingsFixtures.rejected(key, value);

        SettingsFixtures.assertNames(error, key, value, problem, "allowed: " + allowed);
    }
}
