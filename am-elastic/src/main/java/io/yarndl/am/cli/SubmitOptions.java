package io.yarndl.am.cli;

import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of {@code submit}, as picocli fills them in, grouped the way the help shows them.
 * Raw values only: {@link JobRequest#from} checks them. A boxed field is null when the option was
 * not given, where its default depends on other options (the parameter-server ones, {@code --workers}).
 *
 * <p>The groups order the help. None of their options is required, so picocli's group validation
 * only rejects an option given twice (without it, picocli would silently start a second instance of
 * the group and lose the options given before). Each group field is initialised here because
 * picocli leaves a group null when none of its options is given; defaults are written twice (field
 * and annotation) for the same reason. {@code --script} is required by {@link JobRequest#from}.
 */
public final class SubmitOptions {

    static final String DEFAULT_QUEUE = "dl";
    static final String DEFAULT_MEMORY = "4g";
    static final String DEFAULT_SERVER_MEMORY = "2g";
    static final String DEFAULT_AM_MEMORY = "1g";
    static final String DEFAULT_PYTHON = "/usr/bin/python3";
    static final String DEFAULT_CHECKPOINT_TIMEOUT = "30s";
    static final String DEFAULT_PROGRESS_INTERVAL = "5s";

    @ArgGroup(exclusive = false, heading = "%nJob:%n", order = 1)
    JobGroup job = new JobGroup();

    @ArgGroup(exclusive = false, heading = "%nResources (per container):%n", order = 2)
    ResourceGroup resources = new ResourceGroup();

    @ArgGroup(exclusive = false, heading = "%nGoal (exactly one of --target-loss, --epochs with --steps-per-epoch, --steps):%n",
            order = 3)
    GoalGroup goal = new GoalGroup();

    @ArgGroup(exclusive = false, heading = "%nBatch size (the global batch follows the job's size within these limits; "
            + "see docs/elastic-jobs.md):%n", order = 4)
    BatchGroup batch = new BatchGroup();

    @ArgGroup(exclusive = false, heading = "%nScript:%n", order = 5)
    ScriptGroup script = new ScriptGroup();

    @ArgGroup(exclusive = false, heading = "%nCheckpointing and failures:%n", order = 6)
    CheckpointGroup checkpointing = new CheckpointGroup();

    @ArgGroup(exclusive = false, heading = "%nAdvanced:%n", order = 7)
    AdvancedGroup advanced = new AdvancedGroup();

    @Parameters(paramLabel = "SCRIPT_ARGS", arity = "0..*",
            description = "Arguments for the training script; put them after `--`.")
    List<String> scriptArgs = new ArrayList<>();

    static final class JobGroup {
        @Option(names = "--name", paramLabel = "NAME", order = 1,
                description = "Application name (default: the script's file name without its extension).")
        String name;

        @Option(names = "--queue", paramLabel = "QUEUE", defaultValue = DEFAULT_QUEUE, order = 2,
                description = "YARN queue; must be one the DL scheduler schedules (default: ${DEFAULT-VALUE}).")
        String queue = DEFAULT_QUEUE;

        @Option(names = "--framework", paramLabel = "FRAMEWORK", defaultValue = "pytorch", order = 3,
                converter = OptionConverters.FrameworkName.class,
                completionCandidates = OptionConverters.FrameworkCandidates.class,
                description = "Training framework: ${COMPLETION-CANDIDATES} (default: pytorch).")
        Framework framework = Framework.PYTORCH;

        @Option(names = "--architecture", paramLabel = "ARCH", defaultValue = "allreduce", order = 4,
                converter = OptionConverters.ArchitectureName.class,
                description = "allreduce (workers only) or ps (workers and parameter servers) (default: allreduce).")
        Architecture architecture = Architecture.ALLREDUCE;

        @Option(names = "--async", order = 5,
                description = "Asynchronous updates (ps only; default: synchronous).")
        boolean async;

        @Option(names = "--model-family", paramLabel = "FAMILY", order = 6,
                description = {"The model the job trains as Gavel's throughput profile names it, e.g. "
                        + "'ResNet-50 (batch size 64)' or 'Transformer (batch size 128)': a GPU-type-aware policy "
                        + "(gavel-*) then knows which GPU type it gains most on before it ran there. Families the "
                        + "profile lacks count as none (default: none)."})
        String modelFamily;

        @Option(names = "--wait", order = 7,
                description = "Follow the application until it ends; exit 0 only if it succeeded.")
        boolean await;
    }

    static final class ResourceGroup {
        @Option(names = "--min-workers", paramLabel = "N", defaultValue = "1", order = 1,
                description = "Fewest workers the job runs with (default: ${DEFAULT-VALUE}).")
        int minWorkers = 1;

        @Option(names = "--max-workers", paramLabel = "N", order = 2,
                description = "Most workers the job can use (default: --min-workers).")
        Integer maxWorkers;

        @Option(names = "--workers", paramLabel = "N", order = 3,
                description = "Static size a non-elastic policy gives the job, in [min, max] (default: --max-workers).")
        Integer workers;

        @Option(names = "--gpus-per-worker", paramLabel = "N", defaultValue = "1", order = 4,
                description = "GPUs of each worker container (default: ${DEFAULT-VALUE}).")
        int gpusPerWorker = 1;

        @Option(names = "--memory", paramLabel = "SIZE", defaultValue = DEFAULT_MEMORY, order = 5,
                converter = OptionConverters.MemoryMb.class,
                description = "Memory of each worker container: 4g, 4096m or 4096 (MB) (default: ${DEFAULT-VALUE}).")
        long memoryMb = SizeParser.memoryMb(DEFAULT_MEMORY);

        @Option(names = "--vcores", paramLabel = "N", defaultValue = "2", order = 6,
                description = "Virtual cores of each worker container (default: ${DEFAULT-VALUE}).")
        int vcores = 2;

        @Option(names = "--min-servers", paramLabel = "N", order = 7,
                description = "ps only: fewest parameter servers (default: 1).")
        Integer minServers;

        @Option(names = "--max-servers", paramLabel = "N", order = 8,
                description = "ps only: most parameter servers (default: --min-servers).")
        Integer maxServers;

        @Option(names = "--servers", paramLabel = "N", order = 9,
                description = "ps only: static number of parameter servers (default: --max-servers).")
        Integer servers;

        @Option(names = "--server-memory", paramLabel = "SIZE", order = 10,
                converter = OptionConverters.MemoryMb.class,
                description = "ps only: memory of each parameter-server container (default: " + DEFAULT_SERVER_MEMORY + ").")
        Long serverMemoryMb;

        @Option(names = "--server-vcores", paramLabel = "N", order = 11,
                description = "ps only: virtual cores of each parameter-server container (default: 1).")
        Integer serverVcores;
    }

    static final class GoalGroup {
        @Option(names = "--target-loss", paramLabel = "LOSS", order = 1,
                description = "Done when the training loss reaches LOSS.")
        Double targetLoss;

        @Option(names = "--epochs", paramLabel = "E", order = 2,
                description = "Done after E passes over the data; needs --steps-per-epoch.")
        Integer epochs;

        @Option(names = "--steps-per-epoch", paramLabel = "S", order = 3,
                description = "Optimiser steps in one epoch (with --epochs).")
        Long stepsPerEpoch;

        @Option(names = "--steps", paramLabel = "S", order = 4,
                description = "Done after S optimiser steps.")
        Long steps;

        @Option(names = "--global-batch-size", paramLabel = "B", defaultValue = "64", order = 5,
                description = "Samples per step over all workers (default: ${DEFAULT-VALUE}).")
        int globalBatchSize = 64;
    }

    static final class BatchGroup {
        @Option(names = "--min-batch-size", paramLabel = "B", order = 1,
                description = "Smallest global batch the job may train at, at most --global-batch-size "
                        + "(default: --global-batch-size: the batch never shrinks below it).")
        Integer minBatchSize;

        @Option(names = "--max-batch-size", paramLabel = "B", order = 2,
                description = "Largest global batch the job may train at, at least --global-batch-size "
                        + "(default: --global-batch-size: the batch never grows past it). With --min-batch-size "
                        + "the batch follows the job's workers, the learning rate is scaled and the gradient noise "
                        + "scale is reported, where the script uses yarn_dl.batch_plan().")
        Integer maxBatchSize;

        @Option(names = "--max-local-batch-size", paramLabel = "B", order = 3,
                description = "Most samples one training process takes per forward pass; a larger share of the "
                        + "global batch is reached by gradient accumulation (default: no limit).")
        Integer maxLocalBatchSize;
    }

    static final class ScriptGroup {
        @Option(names = "--script", paramLabel = "FILE", order = 1,
                description = "The training script (a local file), shipped to every container.")
        Path script;

        @Option(names = "--files", paramLabel = "FILE", split = ",", order = 2,
                description = "Extra local files shipped beside the script (comma-separated or repeated).")
        List<Path> files = new ArrayList<>();

        @Option(names = "--python", paramLabel = "PATH", defaultValue = DEFAULT_PYTHON, order = 3,
                description = "Python interpreter on the nodes, with torch (default: ${DEFAULT-VALUE}).")
        String python = DEFAULT_PYTHON;

        @Option(names = "--procs-per-worker", paramLabel = "N", defaultValue = "1", order = 4,
                description = "Training processes per worker container, as torchrun's --nproc-per-node (default: ${DEFAULT-VALUE}).")
        int procsPerWorker = 1;

        @Option(names = "--env", paramLabel = "KEY=VALUE", order = 5,
                description = "Environment variable for every training process (repeatable).")
        List<String> env = new ArrayList<>();
    }

    static final class CheckpointGroup {
        @Option(names = "--checkpoint-dir", paramLabel = "URI", order = 1,
                description = "Where checkpoints go, visible from every node: hdfs://... or file:///... "
                        + "(default: checkpoints/ in the staging directory <home>/.yarn-dl/<app id> on the default file system).")
        String checkpointDir;

        @Option(names = "--max-failures", paramLabel = "N", defaultValue = "3", order = 2,
                description = "Failed generations (lost containers, crashed trainers) the job survives (default: ${DEFAULT-VALUE}).")
        int maxFailures = 3;

        @Option(names = "--checkpoint-timeout", paramLabel = "DURATION", defaultValue = DEFAULT_CHECKPOINT_TIMEOUT,
                order = 3, converter = OptionConverters.Time.class,
                description = "How long a resize waits for a checkpoint before going ahead from the last one: "
                        + "30s, 500ms, 2m (default: ${DEFAULT-VALUE}).")
        Duration checkpointTimeout = SizeParser.duration(DEFAULT_CHECKPOINT_TIMEOUT);

        @Option(names = "--max-am-attempts", paramLabel = "N", defaultValue = "2", order = 4,
                description = "ApplicationMaster attempts: an AM that dies (its node lost, its process killed) is "
                        + "restarted and the new one resumes the job from its last checkpoint; at least 1, and "
                        + "the ResourceManager's yarn.resourcemanager.am.max-attempts caps it (default: ${DEFAULT-VALUE}).")
        int maxAmAttempts = 2;

        @Option(names = "--keep-staging", order = 5,
                description = "Keep the staging directory <home>/.yarn-dl/<app id> (the shipped files, and the "
                        + "default checkpoints/) when the job ends, for debugging. Without it the AM removes it "
                        + "once it has unregistered, as do `kill` and `submit --wait`.")
        boolean keepStaging;
    }

    static final class AdvancedGroup {
        @Option(names = "--am-memory", paramLabel = "SIZE", defaultValue = DEFAULT_AM_MEMORY, order = 1,
                converter = OptionConverters.MemoryMb.class,
                description = "Memory of the ApplicationMaster's container (default: ${DEFAULT-VALUE}).")
        long amMemoryMb = SizeParser.memoryMb(DEFAULT_AM_MEMORY);

        @Option(names = "--am-vcores", paramLabel = "N", defaultValue = "1", order = 2,
                description = "Virtual cores of the ApplicationMaster's container (default: ${DEFAULT-VALUE}).")
        int amVcores = 1;

        @Option(names = "--progress-interval", paramLabel = "DURATION", defaultValue = DEFAULT_PROGRESS_INTERVAL,
                order = 3, converter = OptionConverters.Time.class,
                description = "How often the AM writes the job's progress to the scheduler's ZooKeeper, each write "
                        + "carrying every sample since the last: at least 250ms (default: ${DEFAULT-VALUE}).")
        Duration progressInterval = SizeParser.duration(DEFAULT_PROGRESS_INTERVAL);

        @Option(names = "--zk", paramLabel = "HOST:PORT", order = 3,
                description = "ZooKeeper of the DL scheduler (default: yarn.dl.scheduler.zk-address, "
                        + "yarn.resourcemanager.zk-address or hadoop.zk.address of the configuration).")
        String zk;

        @Option(names = "--zk-root", paramLabel = "ZNODE", order = 4,
                description = "Root of yarn-dl's records in ZooKeeper (default: yarn.dl.scheduler.zk-root, else /yarn-dl).")
        String zkRoot;

        @Option(names = "--am-jar", paramLabel = "PATH", order = 5,
                description = "The yarn-dl-am.jar to ship (default: the jar this command runs from).")
        Path amJar;

        /** For MiniYARNCluster tests without a Hadoop install: put first on the AM's classpath. */
        @Option(names = "--am-extra-classpath", paramLabel = "CLASSPATH", hidden = true)
        String amExtraClasspath;
    }
}
