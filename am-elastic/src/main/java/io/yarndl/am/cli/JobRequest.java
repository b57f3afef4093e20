package io.yarndl.am.cli;

import io.yarndl.am.job.ElasticJobConfig;
import io.yarndl.am.job.ShippedFile;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.contract.config.SharedSettings;
import io.yarndl.contract.job.JobDescription;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * A {@code submit} command line, checked: everything the client needs to stage and launch the job,
 * with no YARN or file-system connection involved in building it. {@link #from} applies every rule
 * the client knows, including {@link io.yarndl.core.job.JobSpec}'s own, so that the client never
 * submits a job the scheduler would reject; each rule's message names the option.
 *
 * @param description      the job as the scheduler sees it (the AM's {@code YARN_DL_JOB_SPEC})
 * @param queue            YARN queue
 * @param script           the training script on the local disk
 * @param files            extra local files shipped beside the script
 * @param scriptArgs       arguments after {@code --}
 * @param python           interpreter on the nodes
 * @param checkpointDir    the {@code --checkpoint-dir} given, empty for the default in the staging directory
 * @param maxFailures      failed generations the job survives
 * @param checkpointTimeout how long a resize waits for a checkpoint
 * @param maxAmAttempts    ApplicationMaster attempts the application gets (the RM's own maximum caps it)
 * @param progressInterval how often the AM writes the job's progress to ZooKeeper ({@code --progress-interval})
 * @param procsPerWorker   training processes per worker container
 * @param epochs           {@code --epochs}, 0 when the goal is a loss or a step count
 * @param env              extra environment of every training process
 * @param amMemoryMb       the AM container's memory
 * @param amVcores         the AM container's virtual cores
 * @param zkAddress        ZooKeeper the AM writes the job's records to
 * @param zkRoot           root znode of yarn-dl's records
 * @param amJar            the local yarn-dl-am.jar to ship
 * @param amExtraClasspath entries put first on the AM's classpath (tests without a Hadoop install)
 * @param await            follow the application until it ends
 * @param keepStaging      keep the staging directory when the application ends ({@code --keep-staging})
 */
public record JobRequest(JobDescription description, String queue, Path script, List<Path> files,
                         List<String> scriptArgs, String python, Optional<String> checkpointDir, int maxFailures,
                         Duration checkpointTimeout, int maxAmAttempts, Duration progressInterval, int procsPerWorker,
                         int epochs, Map<String, String> env,
                         long amMemoryMb, int amVcores, String zkAddress, String zkRoot, Path amJar,
                         List<String> amExtraClasspath, boolean await, boolean keepStaging) {

    static final int DEFAULT_MIN_SERVERS = 1;
    static final int DEFAULT_SERVER_VCORES = 1;
    /** Below this the AM's writes would approach one per progress report, the load the interval bounds. */
    static final Duration MIN_PROGRESS_INTERVAL = Duration.ofMillis(250);
    /** The longest model family the job record takes (job-contract's SpecJson). */
    static final int MAX_MODEL_FAMILY = 200;

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    public JobRequest {
        Objects.requireNonNull(description, "description");
        files = List.copyOf(files);
        scriptArgs = List.copyOf(scriptArgs);
        env = Map.copyOf(env);
        amExtraClasspath = List.copyOf(amExtraClasspath);
    }

    /**
     * Checks {@code options} and resolves what they leave to the configuration.
     *
     * @param conf   the client's configuration: ZooKeeper address and root when not given
     * @param ownJar the jar this CLI runs from, when it runs from one: the default {@code --am-jar}
     * @throws UsageException for the first rule broken, naming the option
     */
    public static JobRequest from(SubmitOptions options, Configuration conf, Optional<Path> ownJar) {
        SubmitOptions.JobGroup job = options.job;
        SubmitOptions.ResourceGroup res = options.resources;
        SubmitOptions.ScriptGroup script = options.script;
        SubmitOptions.CheckpointGroup ckpt = options.checkpointing;
        SubmitOptions.AdvancedGroup adv = options.advanced;

        Path scriptFile = existingFile("--script", script.script);
        List<Path> files = new ArrayList<>();
        for (Path file : script.files) {
            files.add(existingFile("--files", file));
        }
        checkDistinctNames(scriptFile, files);

        atLeast("--min-workers", res.minWorkers, 1);
        int maxWorkers = res.maxWorkers == null ? res.minWorkers : res.maxWorkers;
        atLeast("--max-workers", maxWorkers, 1);
        if (res.minWorkers > maxWorkers) {
            throw new UsageException("--min-workers " + res.minWorkers + " is greater than --max-workers " + maxWorkers);
        }
        int workers = res.workers == null ? maxWorkers : res.workers;
        if (workers < res.minWorkers || workers > maxWorkers) {
            throw new UsageException("--workers " + workers + " is outside [--min-workers " + res.minWorkers
                    + ", --max-workers " + maxWorkers + "]");
        }
        atLeast("--gpus-per-worker", res.gpusPerWorker, 0);
        atLeast("--vcores", res.vcores, 1);
        Resources workerDemand = Resources.of(res.gpusPerWorker, res.vcores, res.memoryMb);

        boolean ps = job.architecture == Architecture.PARAMETER_SERVER;
        int minPs = 0;
        int maxPs = 0;
        int requestedPs = 0;
        Resources psDemand = Resources.ZERO;
        if (ps) {
            minPs = res.minServers == null ? DEFAULT_MIN_SERVERS : res.minServers;
            atLeast("--min-servers", minPs, 1);
            maxPs = res.maxServers == null ? minPs : res.maxServers;
            if (minPs > maxPs) {
                throw new UsageException("--min-servers " + minPs + " is greater than --max-servers " + maxPs);
            }
            requestedPs = res.servers == null ? maxPs : res.servers;
            if (requestedPs < minPs || requestedPs > maxPs) {
                throw new UsageException("--servers " + requestedPs + " is outside [--min-servers " + minPs
                        + ", --max-servers " + maxPs + "]");
            }
            int serverVcores = res.serverVcores == null ? DEFAULT_SERVER_VCORES : res.serverVcores;
            atLeast("--server-vcores", serverVcores, 1);
            long serverMemory = res.serverMemoryMb == null
                    ? SizeParser.memoryMb(SubmitOptions.DEFAULT_SERVER_MEMORY) : res.serverMemoryMb;
            psDemand = Resources.of(0, serverVcores, serverMemory);
        } else {
            List<String> psOnly = psOnlyOptionsGiven(options);
            if (!psOnly.isEmpty()) {
                throw new UsageException(String.join(", ", psOnly) + (psOnly.size() == 1 ? " is" : " are")
                        + " only for parameter-server jobs (--architecture ps); this job is allreduce");
            }
        }
        SyncMode syncMode = job.async ? SyncMode.ASYNCHRONOUS : SyncMode.SYNCHRONOUS;

        atLeast("--global-batch-size", options.goal.globalBatchSize, 1);
        TrainingGoal goal = goal(options.goal);
        int epochs = options.goal.epochs == null ? 0 : options.goal.epochs;

        atLeast("--procs-per-worker", script.procsPerWorker, 1);
        atLeast("--max-failures", ckpt.maxFailures, 0);
        atLeast("--max-am-attempts", ckpt.maxAmAttempts, 1);
        atLeast("--am-vcores", adv.amVcores, 1);
        if (adv.progressInterval.compareTo(MIN_PROGRESS_INTERVAL) < 0) {
            throw new UsageException("--progress-interval must be at least " + MIN_PROGRESS_INTERVAL.toMillis()
                    + "ms, got " + adv.progressInterval.toMillis() + "ms");
        }
        if (script.python == null || script.python.isBlank()) {
            throw new UsageException("--python must not be empty");
        }
        Map<String, String> env = env(script.env);

        String name = job.name != null ? job.name : stem(scriptFile);
        if (name.isBlank()) {
            throw new UsageException("--name must not be empty");
        }
        if (job.queue == null || job.queue.isBlank()) {
            throw new UsageException("--queue must not be empty");
        }
        if (job.modelFamily != null && (job.modelFamily.isBlank() || job.modelFamily.length() > MAX_MODEL_FAMILY)) {
            throw new UsageException("--model-family must be a model family's name of at most " + MAX_MODEL_FAMILY
                    + " characters, e.g. 'ResNet-50 (batch size 64)'; got '" + job.modelFamily + "'");
        }
        JobDescription description = new JobDescription(name, job.framework, job.architecture, syncMode,
                workerDemand, psDemand, res.minWorkers, maxWorkers, minPs, maxPs, workers, requestedPs,
                options.goal.globalBatchSize, goal, job.modelFamily,
                BatchSizeRules.limits(options.batch, options.goal.globalBatchSize));
        checkSchedulerRules(description, job.queue);
        BatchSizeRules.checkFitsProcesses(description.batchLimits(), maxWorkers, script.procsPerWorker);

        Optional<String> checkpointDir = Optional.ofNullable(ckpt.checkpointDir).map(String::trim);
        if (checkpointDir.isPresent() && checkpointDir.get().isEmpty()) {
            throw new UsageException("--checkpoint-dir must not be empty");
        }
        String zkAddress = zkAddress(adv.zk, conf);
        String zkRoot = adv.zkRoot != null ? adv.zkRoot
                : conf.getTrimmed(SharedSettings.ZK_ROOT, SharedSettings.DEFAULT_ZK_ROOT);
        if (!zkRoot.startsWith("/")) {
            throw new UsageException("--zk-root '" + zkRoot + "' must be an absolute znode path, e.g. /yarn-dl");
        }
        Path amJar = amJar(adv.amJar, ownJar);
        List<String> extraClasspath = adv.amExtraClasspath == null ? List.of()
                : List.of(adv.amExtraClasspath.split(java.io.File.pathSeparator)).stream()
                        .filter(entry -> !entry.isBlank()).toList();

        return new JobRequest(description, job.queue.trim(), scriptFile, files, options.scriptArgs, script.python,
                checkpointDir, ckpt.maxFailures, ckpt.checkpointTimeout, ckpt.maxAmAttempts, adv.progressInterval,
                script.procsPerWorker, epochs, env, adv.amMemoryMb, adv.amVcores, zkAddress, zkRoot, amJar,
                extraClasspath, job.await,
                ckpt.keepStaging);
    }

    /**
     * What the AM needs beyond the description, once the files are staged.
     *
     * @param stagingToRemove the staging directory the AM removes once it has unregistered, null to keep it
     */
    public ElasticJobConfig amConfig(List<ShippedFile> shipped, String resolvedCheckpointDir, String stagingToRemove) {
        return new ElasticJobConfig(script.getFileName().toString(), scriptArgs, shipped, python,
                resolvedCheckpointDir, maxFailures, checkpointTimeout.toMillis(), procsPerWorker, epochs, env,
                stagingToRemove, progressInterval.toMillis());
    }

    private static TrainingGoal goal(SubmitOptions.GoalGroup goal) {
        List<String> given = new ArrayList<>();
        if (goal.targetLoss != null) {
            given.add("--target-loss");
        }
        if (goal.epochs != null) {
            given.add("--epochs");
        }
        if (goal.steps != null) {
            given.add("--steps");
        }
        if (given.size() > 1) {
            throw new UsageException(String.join(" and ", given) + " are different goals; give exactly one of "
                    + "--target-loss, --epochs (with --steps-per-epoch) or --steps");
        }
        if (goal.stepsPerEpoch != null && goal.epochs == null) {
            throw new UsageException("--steps-per-epoch is only used with --epochs");
        }
        if (given.isEmpty()) {
            throw new UsageException("no training goal: give exactly one of --target-loss, "
                    + "--epochs with --steps-per-epoch, or --steps");
        }
        if (goal.targetLoss != null) {
            if (!(goal.targetLoss > 0) || goal.targetLoss.isInfinite()) {
                throw new UsageException("--target-loss must be a positive number, got " + goal.targetLoss);
            }
            return TrainingGoal.targetLoss(goal.targetLoss);
        }
        if (goal.steps != null) {
            atLeast("--steps", goal.steps, 1);
            return TrainingGoal.steps(goal.steps);
        }
        atLeast("--epochs", goal.epochs, 1);
        if (goal.stepsPerEpoch == null) {
            throw new UsageException("--epochs " + goal.epochs + " needs --steps-per-epoch: the scheduler measures "
                    + "a job's goal in steps (epochs x steps per epoch)");
        }
        atLeast("--steps-per-epoch", goal.stepsPerEpoch, 1);
        try {
            return TrainingGoal.steps(Math.multiplyExact(goal.epochs, goal.stepsPerEpoch));
        } catch (ArithmeticException overflow) {
            throw new UsageException("--epochs " + goal.epochs + " x --steps-per-epoch " + goal.stepsPerEpoch
                    + " is too many steps");
        }
    }

    private static List<String> psOnlyOptionsGiven(SubmitOptions options) {
        SubmitOptions.ResourceGroup res = options.resources;
        List<String> given = new ArrayList<>();
        addIf(given, res.minServers != null, "--min-servers");
        addIf(given, res.maxServers != null, "--max-servers");
        addIf(given, res.servers != null, "--servers");
        addIf(given, res.serverMemoryMb != null, "--server-memory");
        addIf(given, res.serverVcores != null, "--server-vcores");
        addIf(given, options.job.async, "--async");
        return given;
    }

    private static void addIf(List<String> list, boolean condition, String option) {
        if (condition) {
            list.add(option);
        }
    }

    private static Map<String, String> env(List<String> pairs) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--env '" + pair + "' is not KEY=VALUE");
            }
            String key = pair.substring(0, eq);
            if (!ENV_NAME.matcher(key).matches()) {
                throw new UsageException("--env '" + pair + "': '" + key
                        + "' is not a variable name (letters, digits and _, not starting with a digit)");
            }
            env.put(key, pair.substring(eq + 1));
        }
        return env;
    }

    /** JobSpec's own rules, so that the scheduler never sees a spec it would reject. */
    private static void checkSchedulerRules(JobDescription description, String queue) {
        String user = System.getProperty("user.name", "user");
        try {
            description.toSpec("validation", user, queue);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage().replaceFirst("^job validation: ", "");
            throw new UsageException("the scheduler would reject this job: " + message);
        }
    }

    private static String zkAddress(String given, Configuration conf) {
        if (given != null) {
            if (given.isBlank()) {
                throw new UsageException("--zk must not be empty");
            }
            return given.trim();
        }
        for (String key : List.of(SharedSettings.ZK_ADDRESS, SharedSettings.RM_ZK_ADDRESS,
                SharedSettings.HADOOP_ZK_ADDRESS)) {
            String value = conf.getTrimmed(key);
            if (value != null && !value.isEmpty()) {
                return value;
            }
        }
        throw new UsageException("no ZooKeeper address: pass --zk host:port or set " + SharedSettings.ZK_ADDRESS
                + " (or " + SharedSettings.RM_ZK_ADDRESS + ", " + SharedSettings.HADOOP_ZK_ADDRESS
                + "); the scheduler reads the job's records there");
    }

    private static Path amJar(Path given, Optional<Path> ownJar) {
        if (given != null) {
            return existingFile("--am-jar", given);
        }
        return ownJar.filter(JobRequest::isJarFile).orElseThrow(() -> new UsageException(
                "cannot find yarn-dl-am.jar: run with `yarn jar yarn-dl-am.jar` or pass --am-jar"));
    }

    private static boolean isJarFile(Path path) {
        return path.getFileName() != null && path.getFileName().toString().endsWith(".jar")
                && Files.isRegularFile(path);
    }

    private static Path existingFile(String option, Path path) {
        if (path == null) {
            throw new UsageException(option + " is required");
        }
        if (!Files.exists(path)) {
            throw new UsageException(option + " " + path + ": no such file");
        }
        if (!Files.isRegularFile(path)) {
            throw new UsageException(option + " " + path + ": not a file");
        }
        if (!Files.isReadable(path)) {
            throw new UsageException(option + " " + path + ": not readable");
        }
        return path.toAbsolutePath().normalize();
    }

    /** Every shipped file lands in the same working directory under its own name. */
    private static void checkDistinctNames(Path script, List<Path> files) {
        Set<String> names = new HashSet<>();
        names.add(ElasticJobConfig.AM_JAR);
        if (!names.add(script.getFileName().toString())) {
            throw new UsageException("--script must not be named " + ElasticJobConfig.AM_JAR);
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (!names.add(name)) {
                throw new UsageException("--files " + file + ": another shipped file is already named '" + name
                        + "' (every file lands in the container's working directory under its own name)");
            }
        }
    }

    private static void atLeast(String option, long value, long min) {
        if (value < min) {
            throw new UsageException(option + " must be at least " + min + ", got " + value);
        }
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
