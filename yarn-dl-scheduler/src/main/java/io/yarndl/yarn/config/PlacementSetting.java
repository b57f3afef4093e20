package io.yarndl.yarn.config;

import io.yarndl.core.placement.PlacementStrategies;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code yarn.dl.scheduler.placement}: how every policy puts the sizes it decides on nodes, one of
 * {@link PlacementStrategies#names()}.
 */
final class PlacementSetting {

    static final String KEY = SchedulerSettings.PREFIX + "placement";

    private PlacementSetting() {
    }

    static String read(Configuration conf) {
        String value = conf.getTrimmed(KEY, PlacementStrategies.DEFAULT);
        if (!PlacementStrategies.names().contains(value)) {
            throw new InvalidSettingException(KEY, value, "is not a known placement",
                    "known: " + String.join(", ", PlacementStrategies.names()));
        }
        return value;
    }
}
