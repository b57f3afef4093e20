package io.yarndl.yarn.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdSettings;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ZKUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SchedulerSettingsTest {

    private static final Set<String> KNOWN = SettingsFixtures.KNOWN;

    @Test
    void appliesEveryDefaultWhenOnlyZooKeeperIsSet() {
        SchedulerSettings settings = SchedulerSettings.from(SettingsFixtures.minimal(), KNOWN);

        assertEquals("optimus", settings.policy());
        assertEquals(Duration.ofSeconds(5), settings.interval());
        assertEquals(List.of("root.dl"), List.copyOf(settings.queues()));
        assertEquals(Duration.ofSeconds(30), settings.preemptionGrace());
        assertEquals(Duration.ofSeconds(10), settings.policyTimeout());
        assertEquals("zk1:2181", settings.zkAddress());
        assertEquals("/yarn-dl", settings.zkRoot());
        assertEquals(Duration.ofSeconds(30), settings.zkSessionTimeout());
        assertEquals(1000, settings.maxSamplesPerJob());
        assertEquals(GpuTypeSettings.defaults(), settings.gpuTypes());
        assertEquals(Duration.ofMinutes(6), settings.gavelRound());
    }

    @Test
    void readsEveryKeyWhenSet() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.POLICY, " drf ");
        conf.set(SchedulerSettings.DL2_MODEL, " /opt/yarn-dl/models/../models/dl2-v2.onnx ");
        conf.set(SchedulerSettings.INTERVAL_MS, "100");
        conf.set(SchedulerSettings.QUEUES, "root.gpu.dl-b, root.dl ,root.gpu.dl-a");
        conf.set(SchedulerSettings.PREEMPTION_GRACE_MS, "0");
        conf.set(SchedulerSettings.POLICY_TIMEOUT_MS, "1");
        conf.set(SchedulerSettings.ZK_ADDRESS, "zk1:2181,zk2:2181/chroot");
        conf.set(SchedulerSettings.ZK_ROOT, "/clusters/a/yarn-dl");
        conf.set(SchedulerSettings.ZK_SESSION_TIMEOUT_MS, "1000");
        conf.set(SchedulerSettings.MAX_SAMPLES_PER_JOB, "10");
        conf.set(SchedulerSettings.CHECKPOINT_INTERVAL_MS, "100");
        conf.set(SchedulerSettings.CHECKPOINT_MAX_BYTES, "65536");
        conf.set(SchedulerSettings.ZK_ACL, "sasl:rm:rwcda, world:anyone:r");
        conf.set(SchedulerSettings.APP_SECRET_REQUIRED, "TRUE");
        conf.set(SchedulerSettings.RECOVERY_NODE_WAIT_MS, "0");
        conf.set(SchedulerSettings.POLICY_OVERRUN_LIMIT, "0");
        conf.set(SchedulerSettings.POLICY_OVERRUN_FALLBACK, " drf ");
        conf.set(SchedulerSettings.GPU_TYPE_ATTRIBUTE, " rm.yarn.io/accelerator ");
        conf.set(SchedulerSettings.GPU_TYPES, " gpu-host-1=V100, gpu-host-2:8041=K80 ");
        conf.set(SchedulerSettings.GAVEL_ROUND_MS, "10000");
        conf.set(SchedulerSettings.MARL_MODEL, " /opt/yarn-dl/models/marl-v1.onnx ");
        conf.set(SchedulerSettings.SMD_KNAPSACK_SECONDS, " 0.5 ");
        conf.set(SchedulerSettings.SMD_MAX_KNAPSACKS, "2");
        conf.set(SchedulerSettings.SMD_LINKS_PER_NODE, "1.5");
        conf.set("yarn.dl.scheduler.pollux.fairness-p", "0.5");
        conf.set("yarn.dl.scheduler.sia.unallocated-penalty", "2");
        conf.set(SchedulerSettings.RESIZE_PAYBACK_FACTOR, "4");
        conf.set(SchedulerSettings.RESIZE_PRIOR_RESTART_SEC, " 90 "); // pollux's and sia's prior too

        SchedulerSettings settings = SchedulerSettings.from(conf, KNOWN);

        assertEquals(new SchedulerSettings("drf", Optional.of(Path.of("/opt/yarn-dl/models/dl2-v2.onnx")),
                Duration.ofMillis(100),
                Set.of("root.gpu.dl-b", "root.dl", "root.gpu.dl-a"), Duration.ZERO,
                new PolicyGuard(Duration.ofMillis(1), 0, "drf"),
                "zk1:2181,zk2:2181/chroot", "/clusters/a/yarn-dl", Duration.ofSeconds(1), 10,
                Duration.ofMillis(100), 65536, ZKUtil.parseACLs("sasl:rm:rwcda,world:anyone:r"), List.of(), ZooKeeperLogin.NONE, true,
                Duration.ZERO, new GpuTypeSettings("rm.yarn.io/accelerator",
                        Map.of("gpu-host-1", "V100", "gpu-host-2:8041", "K80")), Duration.ofSeconds(10), "packing",
                Optional.of(Path.of("/opt/yarn-dl/models/marl-v1.onnx")), new SmdSettings(0.5, 2, 1.5),
                new PolluxSettings(0.5, 90, 0.2, 3_000), new SiaSettings(-0.5, 90, 2, 0.2, 3_000),
                new ResizeSettings(90, 4)),
                settings);
        assertEquals("sasl:rm:rwcda,world:anyone:r", settings.describeAcl());
        assertEquals(List.of("root.gpu.dl-b", "root.dl", "root.gpu.dl-a"), List.copyOf(settings.queues()),
                "queues keep the order they were configured in");
    }

    @Test
    void unknownPlacementNamesTheKeyAndTheKnownOnes() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set(SchedulerSettings.PLACEMENT, "scatter");

        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> SchedulerSettings.from(conf, KNOWN));

        assertTrue(e.getMessage().contains(SchedulerSettings.PLACEMENT + " = 'scatter' is not a known placement"),
                e.getMessage());
        assertTrue(e.getMessage().contains("known: packing, spread, topology-aware, interference-aware, marl"),
                e.getMessage());
    }

    @Test
    void acceptsTheInterferenceAwarePlacement() {
        Configuration conf = new Configuration(false);
        conf.set(SchedulerSettings.HADOOP_ZK_ADDRESS, "zk1:2181");
        conf.set(SchedulerSettings.PLACEMENT, " interference-aware ");

        assertEquals("interference-aware", SchedulerSettings.from(conf, KNOWN).placement());
    }

    @Test
    void unknownPolicyListsTheKnownOnesSorted() {
        InvalidSettingException error = SettingsFixtures.rejected(SchedulerSettings.POLICY, "optimsu");

        assertEquals("yarn.dl.scheduler.policy = 'optimsu' is not a known policy; known: drf, fifo, optimus",
                error.getMessage());
    }

    @Test
    void anOverrunFallbackThatIsNoPolicyOrANegativeLimitIsRefusedNamingTheKey() {
        SettingsFixtures.assertNames(SettingsFixtures.rejected(SchedulerSettings.POLICY_OVERRUN_FALLBACK, "sjf"), SchedulerSettings.POLICY_OVERRUN_FALLBACK,
                "sjf", "known: drf, fifo, optimus");
        SettingsFixtures.assertNames(SettingsFixtures.rejected(SchedulerSettings.POLICY_OVERRUN_LIMIT, "-1"), SchedulerSettings.POLICY_OVERRUN_LIMIT,
                "-1", "from 0 to 1000");
    }

    @Test
    void aPolicyThatOverrunsThreeRoundsInARowFallsBackToFifoByDefault() {
        PolicyGuard guard = SchedulerSettings.from(SettingsFixtures.minimal(), KNOWN).policyGuard();

        assertEquals(new PolicyGuard(Duration.ofSeconds(10), 3, "fifo"), guard);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Optimus", "", "gavel"})
    void policyNamesAreCaseSensitiveAndMustBeRegistered(String value) {
        SettingsFixtures.assertNames(SettingsFixtures.rejected(SchedulerSettings.POLICY, value), SchedulerSettings.POLICY, value,
                "known: drf, fifo, optimus");
    }

    @Test
    void defaultPolicyMustAlsoBeKnown() {
        InvalidSettingException error = assertThrows(InvalidSettingException.class,
                () -> SchedulerSettings.from(SettingsFixtures.minimal(), Set.of("fifo")));

        assertEquals("yarn.dl.scheduler.policy = 'optimus' is not a known policy; known: fifo", error.getMessage());
    }

    @Test
    void singleArgumentFactoryKnowsTheShippedPolicies() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.POLICY, "fifo");

        assertEquals("fifo", SchedulerSettings.from(conf).policy());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "yarn.dl.scheduler.interval-ms           | 99        | an integer >= 100 (milliseconds)",
        "yarn.dl.scheduler.interval-ms           | 5s        | an integer >= 100 (milliseconds)",
        "yarn.dl.scheduler.interval-ms           | abc       | an integer >= 100 (milliseconds)",
        "yarn.dl.scheduler.interval-ms           | 5000.0    | an integer >= 100 (milliseconds)",
        "yarn.dl.scheduler.interval-ms           | 99999999999999999999 | an integer >= 100 (milliseconds)",
        "yarn.dl.scheduler.preemption-grace-ms   | -1        | an integer >= 0 (milliseconds)",
        "yarn.dl.scheduler.preemption-grace-ms   | 30s       | an integer >= 0 (milliseconds)",
        "yarn.dl.scheduler.policy-timeout-ms     | 0         | an integer >= 1 (milliseconds)",
        "yarn.dl.scheduler.policy-timeout-ms     | ten       | an integer >= 1 (milliseconds)",
        "yarn.dl.scheduler.zk-session-timeout-ms | 999       | an integer >= 1000 (milliseconds)",
        "yarn.dl.scheduler.zk-session-timeout-ms | 1m        | an integer >= 1000 (milliseconds)",
        "yarn.dl.scheduler.max-samples-per-job   | 9         | an integer from 10 to 2147483647 (samples)",
        "yarn.dl.scheduler.max-samples-per-job   | 2147483648 | an integer from 10 to 2147483647 (samples)",
        "yarn.dl.scheduler.max-samples-per-job   | 1e3       | an integer from 10 to 2147483647 (samples)",
        "yarn.dl.scheduler.recovery.node-wait-ms | -1        | an integer >= 0 (milliseconds)",
        "yarn.dl.scheduler.recovery.node-wait-ms | 2m        | an integer >= 0 (milliseconds)",
    })
    void numericKeysNameTheKeyValueAndRange(String key, String value, String allowed) {
        SettingsFixtures.assertNames(SettingsFixtures.rejected(key, value), key, value, "allowed: " + allowed);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "yarn.dl.scheduler.interval-ms",
        "yarn.dl.scheduler.preemption-grace-ms",
        "yarn.dl.scheduler.policy-timeout-ms",
        "yarn.dl.scheduler.zk-session-timeout-ms",
        "yarn.dl.scheduler.max-samples-per-job",
    })
    void emptyNumberIsAnErrorNotTheDefault(String key) {
        InvalidSettingException error = SettingsFixtures.rejected(key, "");

        SettingsFixtures.assertNames(error, key, "", "is not an integer", "allowed: an integer");
    }

    @Test
    void numbersMayCarrySurroundingBlanks() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.INTERVAL_MS, " 250 ");

        assertEquals(Duration.ofMillis(250), SchedulerSettings.from(conf, KNOWN).interval());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dl", "root", "root.", "root..dl", "root.dl.", "default.dl", "root.dl,", "root.dl,,root.x",
        "", "root.my queue", "ROOT.dl"})
    void queuesMustBeFullPaths(String value) {
        SettingsFixtures.assertNames(SettingsFixtures.rejected(SchedulerSettings.QUEUES, value), SchedulerSettings.QUEUES, value,
                "allowed: a comma-separated list of full queue paths such as root.dl");
    }

    @Test
    void queueErrorSaysWhichEntryIsWrong() {
        InvalidSettingException error = SettingsFixtures.rejected(SchedulerSettings.QUEUES, "root.dl, dl2");

        assertTrue(error.getMessage().contains("names 'dl2', which is not a full queue path"), error.getMessage());
    }

    @Test
    void repeatedQueueIsKeptOnceInItsFirstPlace() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.QUEUES, "root.b,root.a,root.b");

        assertEquals(List.of("root.b", "root.a"), List.copyOf(SchedulerSettings.from(conf, KNOWN).queues()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "yarn-dl", "/yarn-dl/", "//yarn-dl", "/a//b", "/a/../b", "/.", ""})
    void zkRootMustBeAnAbsolutePathBelowTheRoot(String value) {
        SettingsFixtures.assertNames(SettingsFixtures.rejected(SchedulerSettings.ZK_ROOT, value), SchedulerSettings.ZK_ROOT, value,
                "allowed: an absolute znode path below '/'", "no trailing '/'");
    }

    @Test
    void describeListsEveryKeyWithItsEffectiveValue() {
        String line = SchedulerSettings.from(SettingsFixtures.minimal(), KNOWN).describe();

        assertEquals("yarn-dl scheduler settings: yarn.dl.scheduler.policy=optimus,"
                + " yarn.dl.scheduler.dl2.model=(shipped),"
                + " yarn.dl.scheduler.interval-ms=5000, yarn.dl.scheduler.queues=root.dl,"
                + " yarn.dl.scheduler.preemption-grace-ms=30000, yarn.dl.scheduler.policy-timeout-ms=10000,"
                + " yarn.dl.scheduler.policy-overrun-limit=3, yarn.dl.scheduler.policy-overrun-fallback=fifo,"
                + " yarn.dl.scheduler.zk-address=zk1:2181, yarn.dl.scheduler.zk-root=/yarn-dl,"
                + " yarn.dl.scheduler.zk-session-timeout-ms=30000, yarn.dl.scheduler.max-samples-per-job=1000"
                + ", yarn.dl.scheduler.checkpoint-interval-ms=10000, yarn.dl.scheduler.checkpoint-max-bytes=8388608"
                + ", yarn.dl.scheduler.zk-acl=world:anyone:rwcda, yarn.dl.scheduler.zk-auth=(none)"
                + ", yarn.dl.scheduler.app-secret-required=false"
                + ", yarn.dl.scheduler.recovery.node-wait-ms=120000,"
                + " yarn.dl.scheduler.gpu-type-attribute=gpu-type, yarn.dl.scheduler.gpu-types=,"
                + " yarn.dl.scheduler.gavel.round-ms=360000, yarn.dl.scheduler.placement=packing,"
                + " yarn.dl.scheduler.marl.model=(shipped), yarn.dl.scheduler.smd.knapsack-seconds=0.05,"
                + " yarn.dl.scheduler.smd.max-knapsacks=1, yarn.dl.scheduler.smd.links-per-node=0,"
                + " yarn.dl.scheduler.pollux.fairness-p=-1,"
                + " yarn.dl.scheduler.pollux.solver-seconds=0.2, yarn.dl.scheduler.pollux.solver-max-options=3000,"
                + " yarn.dl.scheduler.sia.fairness-p=-0.5,"
                + " yarn.dl.scheduler.sia.unallocated-penalty=1.1, yarn.dl.scheduler.sia.solver-seconds=0.2,"
                + " yarn.dl.scheduler.sia.solver-max-options=3000,"
                + " yarn.dl.scheduler.resize.payback-factor=30, yarn.dl.scheduler.resize.prior-restart-sec=5",
                line);
        for (String key : SchedulerSettings.KEYS) {
            assertTrue(line.contains(key + "="), key);
        }
    }

    @Test
    void anEmptyDl2ModelMeansTheShippedOne() {
        Configuration conf = SettingsFixtures.minimal();
        conf.set(SchedulerSettings.DL2_MODEL, "  ");

        assertEquals(Optional.empty(), SchedulerSettings.from(conf, KNOWN).dl2Model());
        assertEquals(Optional.empty(), SchedulerSettings.from(SettingsFixtures.minimal(), KNOWN).dl2Model());
    }

    @ParameterizedTest
    @CsvSource({
            "models/dl2.onnx, is not an absolute path",
            "/opt/yarn-dl/dl2.json, does not name a .onnx file",
            "/opt/yarn-dl/dl2, does not name a .onnx file"})
    void refusesADl2ModelThatIsNotAnAbsoluteOnnxPath(String value, String problem) {
        InvalidSettingException error = SettingsFixtures.rejected(SchedulerSettings.DL2_MODEL, value);

        SettingsFixtures.assertNames(error, SchedulerSettings.DL2_MODEL, value, problem, "absolute path of a .onnx file");
    }

    @ParameterizedTest
    @CsvSource({
            "models/marl.onnx, is not an absolute path",
            "/opt/yarn-dl/marl.json, does not name a .onnx file"})
    void refusesAMarlModelThatIsNotAnAbsoluteOnnxPath(String value, String problem) {
        InvalidSettingException error = SettingsFixtures.rejected(SchedulerSettings.MARL_MODEL, value);

        SettingsFixtures.assertNames(error, SchedulerSettings.MARL_MODEL, value, problem, "absolute path of a .onnx file");
    }

    @Test
    void queuesCannotBeChangedAfterReading() {
        SchedulerSettings settings = SchedulerSettings.from(SettingsFixtures.minimal(), KNOWN);

        assertThrows(UnsupportedOperationException.class, () -> settings.queues().add("root.other"));
    }

    @Test
    void keysAndDefaultsListEveryKeyConstant() throws IllegalAccessException {
        List<String> constants = new ArrayList<>();
        List<Field> fields = new ArrayList<>(List.of(SchedulerSettings.class.getFields()));
        // The goodput policies' keys are named in their own setting classes only.
        fields.addAll(List.of(PolluxSetting.class.getDeclaredFields()));
        fields.addAll(List.of(SiaSetting.class.getDeclaredFields()));
        for (Field field : fields) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                String value = (String) field.get(null);
                if (value.startsWith(SchedulerSettings.PREFIX) && !value.equals(SchedulerSettings.PREFIX)) {
                    constants.add(value);
                }
            }
        }

        assertEquals(Set.copyOf(constants), Set.copyOf(SchedulerSettings.KEYS));
        assertEquals(SchedulerSettings.KEYS, List.copyOf(SchedulerSettings.DEFAULTS.keySet()));
    }

    @Test
    void appSecretRequiredIsABoolean() {
        SettingsFixtures.assertNames(SettingsFixtures.rejected(SchedulerSettings.APP_SECRET_REQUIRED, "yes"), SchedulerSettings.APP_SECRET_REQUIRED,
                "yes", "true, false");
    }
}
