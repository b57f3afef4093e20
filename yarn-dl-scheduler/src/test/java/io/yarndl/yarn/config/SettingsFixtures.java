package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/** Configurations and checks the settings tests share. */
final class SettingsFixtures {

    static final Set<String> KNOWN = Set.of("fifo", "drf", "optimus");

    /** A configuration with nothing but a ZooKeeper address, the one setting without a default. */
    static Configuration minimal() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        return conf;
    }

    static InvalidSettingException rejected(String key, String value) {
        Configuration conf = minimal();
        conf.set(key, value);
        return assertThrows(InvalidSettingException.class, () -> SchedulerSettings.from(conf, KNOWN));
    }

    static void assertNames(InvalidSettingException error, String key, String value, String... allowed) {
        String message = error.getMessage();
        assertTrue(message.startsWith(key + " = '" + value + "' "), message);
        for (String fragment : allowed) {
            assertTrue(message.contains(fragment), () -> "'" + fragment + "' missing from: " + message);
        }
        assertEquals(key, error.key());
        assertEquals(value, error.value());
    }

    private SettingsFixtures() {
    }
}
