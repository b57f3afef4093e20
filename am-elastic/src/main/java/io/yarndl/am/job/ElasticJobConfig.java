package io.yarndl.am.job;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How the elastic ApplicationMaster runs one job: what the client decided at submission, beyond the
 * scheduler's job description (which travels separately in {@code YARN_DL_JOB_SPEC}). The client
 * writes it into the AM's environment with {@link ElasticJobConfigCodec}; the AM reads it back.
 *
 * @param script              the training script's file name, one of {@code files}
 * @param scriptArgs          arguments after the script (what follows {@code --} on the command line)
 * @param files               everything localised into each container: the script, its extra files
 *                            and the AM jar itself ({@link #AM_JAR}, which carries the Python helper)
 * @param python              the interpreter on the nodes that has torch, e.g. {@code /usr/bin/python3}
 * @param checkpointDir       where the helper keeps checkpoints: a Hadoop URI ({@code hdfs://...} or
 *                            {@code file:///...}); must be visible from every node
 * @param maxFailures         how many failed generations (lost containers, crashed trainers) the job
 *                            survives before the application fails
 * @param checkpointTimeoutMs how long a resize waits for the job to checkpoint before going ahead
 *                            from the last checkpoint it has
 * @param procsPerWorker      training processes per worker container ({@code torchrun --nproc_per_node})
 * @param epochs              passes over the data the script should make, 0 when the goal is a loss
 * @param workerEnv           extra environment variables for every training process
 * @param stagingToRemove     the client's staging directory, which the AM removes once it has
 *                            unregistered (as MapReduce's AM removes its staging directory); null
 *                            when the job was submitted with {@code --keep-staging}
 * @param progressIntervalMs  how often the AM writes the job's progress record to ZooKeeper, each
 *                            write carrying every sample since the previous one; 0 (a config of an
 *                            older client) means {@link #DEFAULT_PROGRESS_INTERVAL_MS}
 */
public record ElasticJobConfig(String script, List<String> scriptArgs, List<ShippedFile> files, String python,
                               String checkpointDir, int maxFailures, long checkpointTimeoutMs,
                               int procsPerWorker, int epochs, Map<String, String> workerEnv,
                               String stagingToRemove, long progressIntervalMs) {

    /** The link name of the AM jar in every container. */
    public static final String AM_JAR = "yarn-dl-am.jar";
    /** The progress interval when the client named none: at most 12 ZooKeeper writes a minute per job. */
    public static final long DEFAULT_PROGRESS_INTERVAL_MS = 5_000;

    public ElasticJobConfig {
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(python, "python");
        Objects.requireNonNull(checkpointDir, "checkpointDir");
        scriptArgs = List.copyOf(scriptArgs == null ? List.of() : scriptArgs);
        files = List.copyOf(files == null ? List.of() : files);
        workerEnv = Map.copyOf(workerEnv == null ? Map.of() : workerEnv);
        if (maxFailures < 0) {
            throw new IllegalArgumentException("maxFailures must be >= 0, got " + maxFailures);
        }
        if (checkpointTimeoutMs <= 0) {
            throw new IllegalArgumentException("checkpointTimeoutMs must be > 0, got " + checkpointTimeoutMs);
        }
        if (procsPerWorker < 1) {
            throw new IllegalArgumentException("procsPerWorker must be >= 1, got " + procsPerWorker);
        }
        if (progressIntervalMs < 0) {
            throw new IllegalArgumentException("progressIntervalMs must be >= 0, got " + progressIntervalMs);
        }
        if (progressIntervalMs == 0) {
            progressIntervalMs = DEFAULT_PROGRESS_INTERVAL_MS;
        }
        if (epochs < 0) {
            throw new IllegalArgumentException("epochs must be >= 0, got " + epochs);
        }
    }
}
