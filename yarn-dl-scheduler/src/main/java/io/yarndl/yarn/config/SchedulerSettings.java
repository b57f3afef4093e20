package io.yarndl.yarn.config;

import io.yarndl.contract.config.SharedSettings;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.gavel.GavelObjectives;
import io.yarndl.core.policy.pollux.PolluxSettings;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaSettings;
import io.yarndl.core.policy.smd.SmdSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.util.ZKUtil;
import org.apache.zookeeper.data.ACL;

/**
 * Everything the DeepLearningScheduler reads from the ResourceManager's configuration, read once at
 * start by {@link #from(Configuration, Set)} and validated there: a bad value stops the RM with an
 * {@link InvalidSettingException} that names the key, the value and what is allowed, instead of a
 * scheduler that misbehaves later. Nothing else in the plugin calls {@code conf.get}.
 *
 * <p>Every key is documented, with its default, in {@code conf/yarn-dl-site.xml}; operators copy
 * those properties into {@code yarn-site.xml}. A test keeps the two in step.
 *
 * @param policy            name of the scheduling policy, as registered in the {@link PolicyRegistry}
 * @param dl2Model          the DL2 model file ({@code .onnx}, its card {@code <name>.json} beside it)
 *                          the {@code dl2} policy serves and the scheduler watches for replacement;
 *                          empty: the model shipped inside the jar. Only that the path is absolute
 *                          and names a {@code .onnx} file is checked here: a missing or bad model
 *                          does not stop the RM, DL2 falls back to {@code optimus} and says why
 * @param interval          time between two scheduling rounds
 * @param queues            full paths of the CapacityScheduler leaf queues whose DL jobs the policy
 *                          schedules, in the configured order; that they exist is checked by the
 *                          scheduler once the queues are loaded, not here
 * @param preemptionGrace   time a job is given to checkpoint between the preemption notice and the kill
 * @param policyGuard       how long a policy may take for one plan, and what replaces a policy that
 *                          keeps overrunning ({@link PolicyGuard})
 * @param zkAddress         ZooKeeper connect string of the state store
 * @param zkRoot            znode under which yarn-dl keeps its records
 * @param zkSessionTimeout  ZooKeeper session timeout of the state store's client
 * @param maxSamplesPerJob  progress samples kept per job for model fitting; older ones are dropped
 * @param checkpointInterval  least time between two writes of the scheduler's checkpoint to ZooKeeper
 * @param checkpointMaxBytes  largest compressed checkpoint; past it the samples stored are thinned
 * @param zkAcl             ACL of the znodes the scheduler creates (the RM's {@code hadoop.zk.acl} by default)
 * @param zkAuth            the scheduler's ZooKeeper credentials (the RM's {@code hadoop.zk.auth} by
 *                          default); never printed
 * @param zkLogin           the scheduler's Kerberos login to ZooKeeper, the RM's ({@link ZooKeeperLogin})
 * @param appSecretRequired whether a DL application without its own ZooKeeper secret is rejected
 * @param recoveryNodeWait  after an RM restart or failover, longest the restored plan stays in force
 *                          while NodeManagers that held DL containers have not re-registered; zero: no wait
 * @param gpuTypes          where each node's GPU type is read ({@link GpuTypeSettings})
 * @param gavelRound        the round of Gavel's policies ({@code gavel-*}): how long jobs keep the GPU
 *                          type and place they were given before the shares are solved and ranked again
 * @param placement         how every policy puts its sizes on nodes ({@link PlacementSetting})
 * @param marlModel         the model file the {@code marl} placement serves, as {@code dl2Model} for
 *                          DL2 ({@link ModelFileSetting}); a missing or bad one makes {@code marl}
 *                          place as {@code interference-aware} and say why
 * @param smd               the knobs of the {@code smd} policy ({@link SmdSetting}): CP-SAT's budget per
 *                          knapsack, knapsacks per plan, network links per node (0: no network dimension)
 * @param pollux            the knobs of the {@code pollux} policy ({@link PolluxSetting}), its restart
 *                          prior {@code resize}'s
 * @param sia               the knobs of the {@code sia} policy ({@link SiaSetting}), its restart prior
 *                          {@code resize}'s
 * @param resize            the resize-cost rule ({@link ResizeSetting}): how many restarts a change of a
 *                          running job's size must save, and a restart's cost before a job's own are
 *                          measured, the one prior of every policy that weighs restarts
 */
public record SchedulerSettings(
        String policy,
        Optional<Path> dl2Model,
        Duration interval,
        Set<String> queues,
        Duration preemptionGrace,
        PolicyGuard policyGuard,
        String zkAddress,
        String zkRoot,
        Duration zkSessionTimeout,
        int maxSamplesPerJob,
        Duration checkpointInterval,
        long checkpointMaxBytes,
        List<ACL> zkAcl,
        List<ZKUtil.ZKAuthInfo> zkAuth,
        ZooKeeperLogin zkLogin,
        boolean appSecretRequired,
        Duration recoveryNodeWait,
        GpuTypeSettings gpuTypes,
        Duration gavelRound,
        String placement,
        Optional<Path> marlModel,
        SmdSettings smd,
        PolluxSettings pollux,
        SiaSettings sia,
        ResizeSettings resize) {

    /** Prefix of every key this class reads. */
    public static final String PREFIX = SharedSettings.PREFIX;

    public static final String POLICY = PREFIX + "policy";
    public static final String DEFAULT_POLICY = "optimus";

    /** No default of its own: unset or empty means the model shipped inside the jar. */
    public static final String DL2_MODEL = PREFIX + "dl2.model";

    public static final String INTERVAL_MS = PREFIX + "interval-ms";
    public static final long DEFAULT_INTERVAL_MS = 5_000;
    public static final long MIN_INTERVAL_MS = 100;

    public static final String QUEUES = PREFIX + "queues";
    public static final String DEFAULT_QUEUES = "root.dl";

    public static final String PREEMPTION_GRACE_MS = PREFIX + "preemption-grace-ms";
    public static final long DEFAULT_PREEMPTION_GRACE_MS = 30_000;
    public static final long MIN_PREEMPTION_GRACE_MS = 0;

    public static final String POLICY_TIMEOUT_MS = PolicyGuard.TIMEOUT_MS;
    public static final long DEFAULT_POLICY_TIMEOUT_MS = PolicyGuard.DEFAULT_TIMEOUT_MS;
    public static final String POLICY_OVERRUN_LIMIT = PolicyGuard.OVERRUN_LIMIT;
    public static final String POLICY_OVERRUN_FALLBACK = PolicyGuard.OVERRUN_FALLBACK;

    // The ZooKeeper keys the client and the AM read too: named once, in the job contract.
    public static final String ZK_ADDRESS = SharedSettings.ZK_ADDRESS;
    public static final String RM_ZK_ADDRESS = SharedSettings.RM_ZK_ADDRESS;
    public static final String HADOOP_ZK_ADDRESS = SharedSettings.HADOOP_ZK_ADDRESS;

    public static final String ZK_ROOT = SharedSettings.ZK_ROOT;
    public static final String DEFAULT_ZK_ROOT = SharedSettings.DEFAULT_ZK_ROOT;

    public static final String ZK_SESSION_TIMEOUT_MS = PREFIX + "zk-session-timeout-ms";
    public static final long DEFAULT_ZK_SESSION_TIMEOUT_MS = 30_000;
    public static final long MIN_ZK_SESSION_TIMEOUT_MS = 1_000;

    public static final String MAX_SAMPLES_PER_JOB = PREFIX + "max-samples-per-job";
    public static final int DEFAULT_MAX_SAMPLES_PER_JOB = 1_000;
    public static final int MIN_MAX_SAMPLES_PER_JOB = 10;

    public static final String CHECKPOINT_INTERVAL_MS = PREFIX + "checkpoint-interval-ms";
    public static final long DEFAULT_CHECKPOINT_INTERVAL_MS = 10_000;
    public static final long MIN_CHECKPOINT_INTERVAL_MS = 100;

    public static final String CHECKPOINT_MAX_BYTES = PREFIX + "checkpoint-max-bytes";
    public static final long DEFAULT_CHECKPOINT_MAX_BYTES = 8L << 20;
    public static final long MIN_CHECKPOINT_MAX_BYTES = 64L << 10;

    /** No default of its own: falls back to {@link #HADOOP_ZK_ACL}, whose default opens to everyone. */
    public static final String ZK_ACL = PREFIX + "zk-acl";
    /** The RM's own ZooKeeper ACL key (ZKRMStateStore, leader election). */
    public static final String HADOOP_ZK_ACL = CommonConfigurationKeys.ZK_ACL;
    /** No default of its own: falls back to {@link #HADOOP_ZK_AUTH}. */
    public static final String ZK_AUTH = PREFIX + "zk-auth";
    /** The RM's own ZooKeeper credentials key; {@code @/path} reads them from a file. */
    public static final String HADOOP_ZK_AUTH = CommonConfigurationKeys.ZK_AUTH;

    public static final String APP_SECRET_REQUIRED = PREFIX + "app-secret-required";
    public static final boolean DEFAULT_APP_SECRET_REQUIRED = false;

    /** NodeManagers re-register 20-30 s after a restart with Hadoop's default retry settings; this leaves room. */
    public static final String RECOVERY_NODE_WAIT_MS = PREFIX + "recovery.node-wait-ms";
    public static final long DEFAULT_RECOVERY_NODE_WAIT_MS = 120_000;
    public static final long MIN_RECOVERY_NODE_WAIT_MS = 0;

    public static final String GPU_TYPE_ATTRIBUTE = GpuTypeSettings.ATTRIBUTE;
    public static final String GPU_TYPES = GpuTypeSettings.BY_NODE;

    /** Gavel's own round is six minutes: a job moved between GPU types pays a checkpoint and restore. */
    public static final String GAVEL_ROUND_MS = PREFIX + "gavel.round-ms";
    public static final long DEFAULT_GAVEL_ROUND_MS = 360_000;
    public static final long MIN_GAVEL_ROUND_MS = 100;

    public static final String PLACEMENT = PlacementSetting.KEY;

    /** No default of its own: unset or empty means the {@code marl} model shipped inside the jar. */
    public static final String MARL_MODEL = PREFIX + "marl.model";

    public static final String SMD_KNAPSACK_SECONDS = SmdSetting.KNAPSACK_SECONDS;
    public static final String SMD_MAX_KNAPSACKS = SmdSetting.MAX_KNAPSACKS;
    public static final String SMD_LINKS_PER_NODE = SmdSetting.LINKS_PER_NODE;

    public static final String RESIZE_PAYBACK_FACTOR = ResizeSetting.PAYBACK_FACTOR;
    public static final String RESIZE_PRIOR_RESTART_SEC = ResizeSetting.PRIOR_RESTART_SEC;

    /** Every {@code yarn.dl.scheduler.*} key, in the order {@link #describe()} lists them. */
    public static final List<String> KEYS = java.util.stream.Stream.of(List.of(POLICY, DL2_MODEL, INTERVAL_MS, QUEUES,
            PREEMPTION_GRACE_MS, POLICY_TIMEOUT_MS, POLICY_OVERRUN_LIMIT, POLICY_OVERRUN_FALLBACK, ZK_ADDRESS, ZK_ROOT,
            ZK_SESSION_TIMEOUT_MS, MAX_SAMPLES_PER_JOB, CHECKPOINT_INTERVAL_MS, CHECKPOINT_MAX_BYTES, ZK_ACL, ZK_AUTH,
            APP_SECRET_REQUIRED, RECOVERY_NODE_WAIT_MS, GPU_TYPE_ATTRIBUTE, GPU_TYPES, GAVEL_ROUND_MS, PLACEMENT,
            MARL_MODEL, SMD_KNAPSACK_SECONDS, SMD_MAX_KNAPSACKS, SMD_LINKS_PER_NODE), PolluxSetting.KEYS,
            SiaSetting.KEYS, List.of(RESIZE_PAYBACK_FACTOR, RESIZE_PRIOR_RESTART_SEC)).flatMap(List::stream).toList();

    /**
     * The default of each key as it is written in a configuration file. {@link #ZK_ADDRESS} maps to
     * the empty string: it has no value of its own and borrows the RM's; so do {@link #ZK_ACL} and
     * {@link #ZK_AUTH}. {@link #DL2_MODEL} and {@link #MARL_MODEL} map to the empty string too: the shipped models.
     */
    public static final Map<String, String> DEFAULTS = SettingDefaults.all();

    /** Checks that nothing is missing and freezes the queue order; values are validated by {@link #from}. */
    public SchedulerSettings {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(dl2Model, "dl2Model");
        Objects.requireNonNull(interval, "interval");
        queues = Collections.unmodifiableSet(new LinkedHashSet<>(Objects.requireNonNull(queues, "queues")));
        Objects.requireNonNull(preemptionGrace, "preemptionGrace");
        Objects.requireNonNull(policyGuard, "policyGuard");
        Objects.requireNonNull(zkAddress, "zkAddress");
        Objects.requireNonNull(zkRoot, "zkRoot");
        Objects.requireNonNull(zkSessionTimeout, "zkSessionTimeout");
        Objects.requireNonNull(checkpointInterval, "checkpointInterval");
        Objects.requireNonNull(recoveryNodeWait, "recoveryNodeWait");
        Objects.requireNonNull(gpuTypes, "gpuTypes");
        Objects.requireNonNull(gavelRound, "gavelRound");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(marlModel, "marlModel");
        Objects.requireNonNull(smd, "smd");
        Objects.requireNonNull(pollux, "pollux");
        Objects.requireNonNull(sia, "sia");
        Objects.requireNonNull(resize, "resize");
        Objects.requireNonNull(zkLogin, "zkLogin");
        zkAcl = List.copyOf(Objects.requireNonNull(zkAcl, "zkAcl"));
        zkAuth = List.copyOf(Objects.requireNonNull(zkAuth, "zkAuth"));
    }

    /**
     * Reads the settings with the policies yarn-dl ships ({@link PolicyRegistry#standard()}) that run
     * in a ResourceManager ({@link PolicyRegistry#withoutGpuSharing()}) as the known ones.
     */
    public static SchedulerSettings from(Configuration conf) {
        return from(conf, PolicyRegistry.standard().withoutGpuSharing().names());
    }

    /**
     * Reads and validates every setting.
     *
     * @param conf          the ResourceManager's configuration
     * @param knownPolicies the policy names the scheduler can build; {@link #POLICY} must be one of them
     * @throws InvalidSettingException for the first key whose value cannot be used
     */
    public static SchedulerSettings from(Configuration conf, Set<String> knownPolicies) {
        // read first: its prior is pollux's and sia's too
        ResizeSettings resize = ResizeSetting.read(conf);
        return new SchedulerSettings(
                readPolicy(conf, knownPolicies),
                ModelFileSetting.read(conf, DL2_MODEL),
                Duration.ofMillis(SettingValues.readLong(conf, INTERVAL_MS, DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS, "milliseconds")),
                readQueues(conf),
                Duration.ofMillis(SettingValues.readLong(conf, PREEMPTION_GRACE_MS, DEFAULT_PREEMPTION_GRACE_MS,
                        MIN_PREEMPTION_GRACE_MS, "milliseconds")),
                PolicyGuard.from(conf, knownPolicies),
                ZooKeeperAccess.readAddress(conf),
                ZooKeeperAccess.readRoot(conf),
                Duration.ofMillis(SettingValues.readLong(conf, ZK_SESSION_TIMEOUT_MS, DEFAULT_ZK_SESSION_TIMEOUT_MS,
                        MIN_ZK_SESSION_TIMEOUT_MS, "milliseconds")),
                (int) SettingValues.readLong(conf, MAX_SAMPLES_PER_JOB, DEFAULT_MAX_SAMPLES_PER_JOB, MIN_MAX_SAMPLES_PER_JOB,
                        Integer.MAX_VALUE, "samples"),
                Duration.ofMillis(SettingValues.readLong(conf, CHECKPOINT_INTERVAL_MS, DEFAULT_CHECKPOINT_INTERVAL_MS,
                        MIN_CHECKPOINT_INTERVAL_MS, "milliseconds")),
                SettingValues.readLong(conf, CHECKPOINT_MAX_BYTES, DEFAULT_CHECKPOINT_MAX_BYTES, MIN_CHECKPOINT_MAX_BYTES, "bytes"),
                ZooKeeperAccess.readAcl(conf),
                ZooKeeperAccess.readAuth(conf),
                ZooKeeperLogin.read(conf),
                SettingValues.readBoolean(conf, APP_SECRET_REQUIRED, DEFAULT_APP_SECRET_REQUIRED),
                Duration.ofMillis(SettingValues.readLong(conf, RECOVERY_NODE_WAIT_MS, DEFAULT_RECOVERY_NODE_WAIT_MS,
                        MIN_RECOVERY_NODE_WAIT_MS, "milliseconds")),
                GpuTypeSettings.from(conf),
                Duration.ofMillis(SettingValues.readLong(conf, GAVEL_ROUND_MS, DEFAULT_GAVEL_ROUND_MS, MIN_GAVEL_ROUND_MS,
                        "milliseconds")),
                PlacementSetting.read(conf),
                ModelFileSetting.read(conf, MARL_MODEL),
                SmdSetting.read(conf),
                PolluxSetting.read(conf, resize.priorRestartSec()),
                SiaSetting.read(conf, resize.priorRestartSec()),
                resize);
    }

    /** One line for the RM log at start: every effective setting, by the key that sets it. */
    public String describe() {
        return "yarn-dl scheduler settings: "
                + POLICY + "=" + policy
                + ", " + DL2_MODEL + "=" + dl2Model.map(Path::toString).orElse("(shipped)")
                + ", " + INTERVAL_MS + "=" + interval.toMillis()
                + ", " + QUEUES + "=" + String.join(",", queues)
                + ", " + PREEMPTION_GRACE_MS + "=" + preemptionGrace.toMillis()
                + ", " + POLICY_TIMEOUT_MS + "=" + policyGuard.timeout().toMillis()
                + ", " + POLICY_OVERRUN_LIMIT + "=" + policyGuard.overrunLimit()
                + ", " + POLICY_OVERRUN_FALLBACK + "=" + policyGuard.fallback()
                + ", " + ZK_ADDRESS + "=" + zkAddress
                + ", " + ZK_ROOT + "=" + zkRoot
                + ", " + ZK_SESSION_TIMEOUT_MS + "=" + zkSessionTimeout.toMillis()
                + ", " + MAX_SAMPLES_PER_JOB + "=" + maxSamplesPerJob
                + ", " + CHECKPOINT_INTERVAL_MS + "=" + checkpointInterval.toMillis()
                + ", " + CHECKPOINT_MAX_BYTES + "=" + checkpointMaxBytes
                + ", " + ZK_ACL + "=" + describeAcl()
                + ", " + ZK_AUTH + "=" + ZooKeeperAccess.describeSchemes(zkAuth)
                + (zkLogin.configured() ? ", " + zkLogin.describe() : "")
                + ", " + APP_SECRET_REQUIRED + "=" + appSecretRequired
                + ", " + RECOVERY_NODE_WAIT_MS + "=" + recoveryNodeWait.toMillis()
                + ", " + GPU_TYPE_ATTRIBUTE + "=" + gpuTypes.attribute()
                + ", " + GPU_TYPES + "=" + gpuTypes.describeMapping()
                + ", " + GAVEL_ROUND_MS + "=" + gavelRound.toMillis()
                + ", " + PLACEMENT + "=" + placement
                + ", " + MARL_MODEL + "=" + marlModel.map(Path::toString).orElse("(shipped)")
                + ", " + SmdSetting.describe(smd)
                + ", " + PolluxSetting.describe(pollux)
                + ", " + SiaSetting.describe(sia)
                + ", " + ResizeSetting.describe(resize);
    }

    /** Longest a policy may take for one plan before the round is abandoned. */
    public Duration policyTimeout() {
        return policyGuard.timeout();
    }

    /** The ACL as it is written in a configuration file. */
    public String describeAcl() {
        return ZooKeeperAccess.describe(zkAcl);
    }

    @Override
    public String toString() {
        return describe();
    }

    private static String readPolicy(Configuration conf, Set<String> knownPolicies) {
        String value = conf.getTrimmed(POLICY, DEFAULT_POLICY);
        if (!knownPolicies.contains(value)) {
            String why = GavelObjectives.sharesGpus(value) ? "is not available in the ResourceManager: "
                    + PolicyRegistry.GPU_SHARING_REFUSED : "is not a known policy";
            throw new InvalidSettingException(POLICY, value, why,
                    "known: " + String.join(", ", new TreeSet<>(knownPolicies)));
        }
        return value;
    }

    private static Set<String> readQueues(Configuration conf) {
        String raw = conf.get(QUEUES, DEFAULT_QUEUES);
        String allowed = "allowed: a comma-separated list of full queue paths such as root.dl";
        Set<String> queues = new LinkedHashSet<>();
        for (String entry : raw.split(",", -1)) {
            String queue = entry.trim();
            if (queue.isEmpty()) {
                throw new InvalidSettingException(QUEUES, raw, "has an empty queue name", allowed);
            }
            if (!isFullQueuePath(queue)) {
                throw new InvalidSettingException(QUEUES, raw, "names '" + queue + "', which is not a full queue path",
                        allowed);
            }
            queues.add(queue);
        }
        return queues;
    }

    private static boolean isFullQueuePath(String queue) {
        if (!queue.startsWith("root.") || queue.chars().anyMatch(Character::isWhitespace)) {
            return false;
        }
        for (String part : queue.split("\\.", -1)) {
            if (part.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
