package io.yarndl.am.launch;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What every launcher needs to know about the job's program and where its coordination lives.
 *
 * @param applicationId  the YARN application, used to name rendezvous runs
 * @param python         the interpreter with torch on the nodes
 * @param script         the training script, relative to the container's working directory
 * @param scriptArgs     its arguments
 * @param storeHost      host of the AM-hosted coordination endpoint (torch TCPStore, DMLC scheduler)
 * @param storePort      its port
 * @param procsPerWorker training processes in each worker container
 * @param threadsPerProc CPU threads each process may use ({@code OMP_NUM_THREADS})
 * @param extraEnv       the user's variables (client {@code --env}), given to every trainer
 */
public record TrainingProgram(String applicationId, String python, String script, List<String> scriptArgs,
                              String storeHost, int storePort, int procsPerWorker, int threadsPerProc,
                              Map<String, String> extraEnv) {

    public TrainingProgram {
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(python, "python");
        Objects.requireNonNull(script, "script");
        Objects.requireNonNull(storeHost, "storeHost");
        scriptArgs = List.copyOf(scriptArgs);
        extraEnv = Map.copyOf(extraEnv);
        if (procsPerWorker < 1 || threadsPerProc < 1) {
            throw new IllegalArgumentException("procsPerWorker and threadsPerProc must be >= 1");
        }
    }

    /** host:port of the AM-hosted store. */
    public String storeEndpoint() {
        return storeHost + ":" + storePort;
    }
}
