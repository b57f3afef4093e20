package io.yarndl.yarn.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.policy.gavel.GavelPolicy;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.pollux.PolluxPolicy;
import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.sia.SiaPolicy;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdPolicy;
import io.yarndl.core.policy.smd.SmdSettings;
import io.yarndl.yarn.config.SchedulerSettings;
import io.yarndl.yarn.metrics.SchedulerMetrics;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The scheduler's policies: Gavel's run rounds of the configured length, SMD with the configured knobs. */
class Dl2ServingRegistryTest {

    @Test
    void gavelsPoliciesRunRoundsOfTheConfiguredLength() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set(SchedulerSettings.GAVEL_ROUND_MS, "5000");
        Dl2Serving serving = new Dl2Serving(SchedulerSettings.from(conf), new SchedulerMetrics().dl2());

        GavelPolicy policy = (GavelPolicy) serving.registry().create("gavel-max-min-fairness-perf");

        assertEquals(5.0, policy.roundSec());
        Configuration unset = new Configuration(false);
        unset.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        assertEquals(GavelPolicy.DEFAULT_ROUND_SEC, ((GavelPolicy) new Dl2Serving(SchedulerSettings.from(unset),
                new SchedulerMetrics().dl2()).registry().create("gavel-max-min-fairness-perf")).roundSec());
    }

    @Test
    void smdRunsWithTheConfiguredKnobsAndTheDefaultsWhereUnset() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set(SchedulerSettings.SMD_KNAPSACK_SECONDS, "0.2");
        conf.set(SchedulerSettings.SMD_MAX_KNAPSACKS, "2");
        conf.set(SchedulerSettings.SMD_LINKS_PER_NODE, "1");
        Dl2Serving serving = new Dl2Serving(SchedulerSettings.from(conf), new SchedulerMetrics().dl2());

        assertEquals(new SmdSettings(0.2, 2, 1.0), ((SmdPolicy) serving.registry().create("smd")).settings());
        Configuration unset = new Configuration(false);
        unset.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        assertEquals(SmdSettings.DEFAULT, ((SmdPolicy) new Dl2Serving(SchedulerSettings.from(unset),
                new SchedulerMetrics().dl2()).registry().create("smd")).settings());
    }

    @Test
    void polluxAndSiaRunWithTheConfiguredKnobsAndTheSharedRestartPrior() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set("yarn.dl.scheduler.pollux.fairness-p", "0");
        conf.set("yarn.dl.scheduler.sia.unallocated-penalty", "2");
        conf.set(SchedulerSettings.RESIZE_PRIOR_RESTART_SEC, "12");
        PolicyRegistry registry = new Dl2Serving(SchedulerSettings.from(conf), new SchedulerMetrics().dl2()).registry();

        assertEquals(new PolluxSettings(0, 12, 0.2, 3_000), ((PolluxPolicy) registry.create("pollux")).settings());
        assertEquals(new SiaSettings(-0.5, 12, 2, 0.2, 3_000), ((SiaPolicy) registry.create("sia")).settings());
    }
}
