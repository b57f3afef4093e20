package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.policy.smd.SmdSettings;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code yarn.dl.scheduler.smd.*} keys, read into one {@link SmdSettings}. */
class SmdSettingTest {

    @Test
    void unsetKeysGiveSmdsDefaultsWithTheNetworkLeftOut() {
        SchedulerSettings settings = SchedulerSettings.from(SettingsFixtures.minimal(), SettingsFixtures.KNOWN);

        assertEquals(SmdSettings.DEFAULT, settings.smd());
        assertEquals(new SmdSettings(0.05, 1, 0.0), settings.smd());
        assertEquals("0.05", SchedulerSettings.DEFAULTS.get(SchedulerSettings.SMD_KNAPSACK_SECONDS));
        assertEquals("1", SchedulerSettings.DEFAULTS.get(SchedulerSettings.SMD_MAX_KNAPSACKS));
        assertEquals("0", SchedulerSettings.DEFAULTS.get(SchedulerSettings.SMD_LINKS_PER_NODE));
    }

    @Test
    void readsDecimalsInEitherNotationAndBlanksAround() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.SMD_KNAPSACK_SECONDS, " 5e-1 ");
        conf.set(SchedulerSettings.SMD_MAX_KNAPSACKS, " 1 ");
        conf.set(SchedulerSettings.SMD_LINKS_PER_NODE, "2");

        assertEquals(new SmdSettings(0.5, 1, 2.0), SchedulerSettings.from(conf, SettingsFixtures.KNOWN).smd());
    }

    @Test
    void describeWritesTheKnobsAsTheSiteFileDoes() {
        assertEquals("yarn.dl.scheduler.smd.knapsack-seconds=0.25, yarn.dl.scheduler.smd.max-knapsacks=8,"
                + " yarn.dl.scheduler.smd.links-per-node=0.5", SmdSetting.describe(new SmdSettings(0.25, 8, 0.5)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "yarn.dl.scheduler.smd.knapsack-seconds | 0        | is out of range  | a number > 0 (seconds of CP-SAT's deterministic time per knapsack)",
        "yarn.dl.scheduler.smd.knapsack-seconds | -0.05    | is out of range  | a number > 0",
        "yarn.dl.scheduler.smd.knapsack-seconds | 1e-400   | is out of range  | a number > 0",
        "yarn.dl.scheduler.smd.knapsack-seconds | 1e400    | is out of range  | a number > 0",
        "yarn.dl.scheduler.smd.knapsack-seconds | 50ms     | is not a number  | a number > 0",
        "yarn.dl.scheduler.smd.knapsack-seconds | NaN      | is not a number  | a number > 0",
        "yarn.dl.scheduler.smd.knapsack-seconds | Infinity | is not a number  | a number > 0",
        "yarn.dl.scheduler.smd.knapsack-seconds | 0.05d    | is not a number  | a number > 0",
        "yarn.dl.scheduler.smd.knapsack-seconds | ''       | is not a number  | a number > 0",
        "yarn.dl.scheduler.smd.max-knapsacks    | 0        | is out of range  | an integer from 1 to 2147483647 (knapsacks per plan)",
        "yarn.dl.scheduler.smd.max-knapsacks    | 2.5      | is not an integer | an integer from 1 to 2147483647",
        "yarn.dl.scheduler.smd.max-knapsacks    | 2147483648 | is out of range | an integer from 1 to 2147483647",
        "yarn.dl.scheduler.smd.links-per-node   | -1       | is out of range  | a number >= 0 (network links per node; 0 leaves the network out)",
        "yarn.dl.scheduler.smd.links-per-node   | one      | is not a number  | a number >= 0",
    })
    void aBadValueNamesTheKeyTheValueAndWhatIsAllowed(String key, String value, String problem, String allowed) {
        InvalidSettingException error = SettingsFixtures.rejected(key, value);

        SettingsFixtures.assertNames(error, key, value, problem, "allowed: " + allowed);
    }

    @Test
    void zeroLinksPerNodeIsAllowedAndLeavesTheNetworkOut() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.SMD_LINKS_PER_NODE, "0.0");

        assertEquals(0.0, SchedulerSettings.from(conf, SettingsFixtures.KNOWN).smd().linksPerNode());
    }
}
