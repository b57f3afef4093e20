package io.yarndl.yarn.config;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.smd.SmdSettings;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The default of each {@code yarn.dl.scheduler.*} key as a configuration file writes it ({@link SchedulerSettings#DEFAULTS}). */
final class SettingDefaults {

    private SettingDefaults() {
    }

    static Map<String, String> all() {
        Map<String, String> defaults = new LinkedHashMap<>();
        defaults.put(SchedulerSettings.POLICY, SchedulerSettings.DEFAULT_POLICY);
        defaults.put(SchedulerSettings.DL2_MODEL, "");
        defaults.put(SchedulerSettings.INTERVAL_MS, Long.toString(SchedulerSettings.DEFAULT_INTERVAL_MS));
        defaults.put(SchedulerSettings.QUEUES, SchedulerSettings.DEFAULT_QUEUES);
        defaults.put(SchedulerSettings.PREEMPTION_GRACE_MS, Long.toString(SchedulerSettings.DEFAULT_PREEMPTION_GRACE_MS));
        defaults.put(SchedulerSettings.POLICY_TIMEOUT_MS, Long.toString(SchedulerSettings.DEFAULT_POLICY_TIMEOUT_MS));
        defaults.put(SchedulerSettings.POLICY_OVERRUN_LIMIT, Integer.toString(PolicyGuard.DEFAULT_OVERRUN_LIMIT));
        defaults.put(SchedulerSettings.POLICY_OVERRUN_FALLBACK, PolicyGuard.DEFAULT_OVERRUN_FALLBACK);
        defaults.put(SchedulerSettings.ZK_ADDRESS, "");
        defaults.put(SchedulerSettings.ZK_ROOT, SchedulerSettings.DEFAULT_ZK_ROOT);
        defaults.put(SchedulerSettings.ZK_SESSION_TIMEOUT_MS, Long.toString(SchedulerSettings.DEFAULT_ZK_SESSION_TIMEOUT_MS));
        defaults.put(SchedulerSettings.MAX_SAMPLES_PER_JOB, Integer.toString(SchedulerSettings.DEFAULT_MAX_SAMPLES_PER_JOB));
        defaults.put(SchedulerSettings.CHECKPOINT_INTERVAL_MS, Long.toString(SchedulerSettings.DEFAULT_CHECKPOINT_INTERVAL_MS));
        defaults.put(SchedulerSettings.CHECKPOINT_MAX_BYTES, Long.toString(SchedulerSettings.DEFAULT_CHECKPOINT_MAX_BYTES));
        defaults.put(SchedulerSettings.ZK_ACL, "");
        defaults.put(SchedulerSettings.ZK_AUTH, "");
        defaults.put(SchedulerSettings.APP_SECRET_REQUIRED, Boolean.toString(SchedulerSettings.DEFAULT_APP_SECRET_REQUIRED));
        defaults.put(SchedulerSettings.RECOVERY_NODE_WAIT_MS, Long.toString(SchedulerSettings.DEFAULT_RECOVERY_NODE_WAIT_MS));
        defaults.put(SchedulerSettings.GPU_TYPE_ATTRIBUTE, GpuTypeSettings.DEFAULT_ATTRIBUTE);
        defaults.put(SchedulerSettings.GPU_TYPES, "");
        defaults.put(SchedulerSettings.GAVEL_ROUND_MS, Long.toString(SchedulerSettings.DEFAULT_GAVEL_ROUND_MS));
        defaults.put(SchedulerSettings.PLACEMENT, PlacementStrategies.DEFAULT);
        defaults.put(SchedulerSettings.MARL_MODEL, "");
        defaults.put(SchedulerSettings.SMD_KNAPSACK_SECONDS, SettingValues.formatDecimal(SmdSettings.DEFAULT.knapsackSeconds()));
        defaults.put(SchedulerSettings.SMD_MAX_KNAPSACKS, Integer.toString(SmdSettings.DEFAULT.maxKnapsacks()));
        defaults.put(SchedulerSettings.SMD_LINKS_PER_NODE, SettingValues.formatDecimal(SmdSettings.DEFAULT.linksPerNode()));
        PolluxSetting.putDefaults(defaults);
        SiaSetting.putDefaults(defaults);
        defaults.put(SchedulerSettings.RESIZE_PAYBACK_FACTOR, SettingValues.formatDecimal(ResizeSettings.DEFAULT.paybackFactor()));
        defaults.put(SchedulerSettings.RESIZE_PRIOR_RESTART_SEC,
                SettingValues.formatDecimal(ResizeSettings.DEFAULT.priorRestartSec()));
        return Collections.unmodifiableMap(defaults);
    }
}
