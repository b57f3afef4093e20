package io.yarndl.scale.rm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.yarndl.scale.SchedulerKind;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class RmSettingsTest {

    private static Map<String, String> capacityKeys(Configuration conf) {
        Map<String, String> keys = new TreeMap<>();
        conf.getPropsWithPrefix("yarn.scheduler.capacity.").forEach(keys::put);
        return keys;
    }

    @Test
    void bothSchedulersGetTheSameQueuesAndAmLimits() {
        Configuration yarnDl = RmSettings.of(SchedulerKind.YARN_DL, null, 0, 1000, "127.0.0.1:1", "/r");
        Configuration capacity = RmSettings.of(SchedulerKind.CAPACITY, null, 0, 1000, "127.0.0.1:1", "/r");

        assertFalse(capacityKeys(capacity).isEmpty());
        assertEquals(capacityKeys(capacity), capacityKeys(yarnDl));
        assertEquals(yarnDl.get("yarn.resource-types"), capacity.get("yarn.resource-types"));
    }
}
