package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.policy.sia.SiaSettings;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code yarn.dl.scheduler.sia.*} keys, read into one {@link SiaSettings}. */
class SiaSettingTest {

    @Test
    void unsetKeysGiveSiasSimulatorDefaults() {
        SchedulerSettings settings = SchedulerSettings.from(SettingsFixtures.minimal(), SettingsFixtures.KNOWN);

        assertEquals(SiaSettings.DEFAULT, settings.sia());
        assertEquals(new SiaSettings(-0.5, 5, 1.1, 0.2, 3_000), settings.sia());
        assertEquals("-0.5", SchedulerSettings.DEFAULTS.get(SiaSetting.FAIRNESS_P));
        assertEquals("1.1", SchedulerSettings.DEFAULTS.get(SiaSetting.UNALLOCATED_PENALTY));
    }

    @Test
    void readsEveryKnobAndTheSharedRestartPrior() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SiaSetting.FAIRNESS_P, "0.5");
        conf.set(SchedulerSettings.RESIZE_PRIOR_RESTART_SEC, "250");
        conf.set(SiaSetting.UNALLOCATED_PENALTY, "3");
        conf.set(SiaSetting.SOLVER_SECONDS, "0.05");
        conf.set(SiaSetting.SOLVER_MAX_OPTIONS, "500");

        assertEquals(new SiaSettings(0.5, 250, 3, 0.05, 500), SchedulerSettings.from(conf, SettingsFixtures.KNOWN).sia());
    }

    @Test
    void theRetiredPriorKeyIsRefusedNamingTheSharedOne() {
        InvalidSettingException error = SettingsFixtures.rejected("yarn.dl.scheduler.sia.restart-prior-sec", "-30");

        SettingsFixtures.assertNames(error, "yarn.dl.scheduler.sia.restart-prior-sec", "-30", "is no longer read",
                "set yarn.dl.scheduler.resize.prior-restart-sec instead");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "yarn.dl.scheduler.sia.fairness-p          | 10  | is out of range   | a number from -5 to 5 (the power of the jobs' normalised goodputs; lower is fairer)",
        "yarn.dl.scheduler.sia.unallocated-penalty | 0   | is out of range   | a number > 0 (what a job left without GPUs adds to the objective)",
        "yarn.dl.scheduler.sia.solver-seconds      | x   | is not a number   | a number > 0",
        "yarn.dl.scheduler.sia.solver-max-options  | -2  | is out of range   | an integer from 0 to 2147483647",
    })
    void aBadValueNamesTheKeyTheValueAndWhatIsAllowed(String key, String value, String problem, String allowed) {
        InvalidSettingException error = SettingsFixtures.rejected(key, value);

        SettingsFixtures.assertNames(error, key, value, problem, "allowed: " + allowed);
    }
}
