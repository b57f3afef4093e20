package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.policy.pollux.PolluxSettings;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code yarn.dl.scheduler.pollux.*} keys, read into one {@link PolluxSettings}. */
class PolluxSettingTest {

    @Test
    void unsetKeysGivePollusPaperSettings() {
        SchedulerSettings settings = SchedulerSettings.from(SettingsFixtures.minimal(), SettingsFixtures.KNOWN);

        assertEquals(PolluxSettings.DEFAULT, settings.pollux());
        assertEquals(new PolluxSettings(-1, 5, 0.2, 3_000), settings.pollux());
        assertEquals("-1", SchedulerSettings.DEFAULTS.get(PolluxSetting.FAIRNESS_P));
        assertEquals("0.2", SchedulerSettings.DEFAULTS.get(PolluxSetting.SOLVER_SECONDS));
        assertEquals("3000", SchedulerSettings.DEFAULTS.get(PolluxSetting.SOLVER_MAX_OPTIONS));
    }

    @Test
    void readsEveryKnobAndTheSharedRestartPrior() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(PolluxSetting.FAIRNESS_P, " -2.5 ");
        conf.set(SchedulerSettings.RESIZE_PRIOR_RESTART_SEC, "0");
        conf.set(PolluxSetting.SOLVER_SECONDS, "1e-1");
        conf.set(PolluxSetting.SOLVER_MAX_OPTIONS, "0");

        assertEquals(new PolluxSettings(-2.5, 0, 0.1, 0), SchedulerSettings.from(conf, SettingsFixtures.KNOWN).pollux());
    }

    @Test
    void describeWritesTheKnobsAsTheSiteFileDoes() {
        assertEquals("yarn.dl.scheduler.pollux.fairness-p=0.5, yarn.dl.scheduler.pollux.solver-seconds=1,"
                + " yarn.dl.scheduler.pollux.solver-max-options=10",
                PolluxSetting.describe(new PolluxSettings(0.5, 12.5, 1, 10)));
    }

    @Test
    void theRetiredPriorKeyIsRefusedNamingTheSharedOne() {
        InvalidSettingException error = SettingsFixtures.rejected("yarn.dl.scheduler.pollux.restart-prior-sec", "30");

        SettingsFixtures.assertNames(error, "yarn.dl.scheduler.pollux.restart-prior-sec", "30", "is no longer read",
                "set yarn.dl.scheduler.resize.prior-restart-sec instead");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "yarn.dl.scheduler.pollux.fairness-p         | -6    | is out of range   | a number from -5 to 5 (the power of the mean of the jobs' speedups; lower is fairer)",
        "yarn.dl.scheduler.pollux.fairness-p         | 5.5   | is out of range   | a number from -5 to 5",
        "yarn.dl.scheduler.pollux.fairness-p         | NaN   | is not a number   | a number from -5 to 5",
        "yarn.dl.scheduler.pollux.fairness-p         | fair  | is not a number   | a number from -5 to 5",
        "yarn.dl.scheduler.pollux.solver-seconds     | 0     | is out of range   | a number > 0 (seconds of CP-SAT's deterministic time per plan)",
        "yarn.dl.scheduler.pollux.solver-max-options | -1    | is out of range   | an integer from 0 to 2147483647 (sizes a plan may weigh for CP-SAT to run)",
        "yarn.dl.scheduler.pollux.solver-max-options | 1.5   | is not an integer | an integer from 0 to 2147483647",
    })
    void aBadValueNamesTheKeyTheValueAndWhatIsAllowed(String key, String value, String problem, String allowed) {
        InvalidSettingException error = SettingsFixtures.rejected(key, value);

        SettingsFixtures.assertNames(error, key, value, problem, "allowed: " + allowed);
    }
}
