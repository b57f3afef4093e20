package io.yarndl.am.master;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.job.BatchLimits;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every training process is told of the job's batch (PROTOCOL.md): the reference batch its
 * steps are counted in, the limits its global batch may move within, and the number of training
 * processes the reference batch was declared for. The Python helper's {@code yarn_dl.batch_plan()}
 * turns these and the generation's size into the global batch, each process's share and its
 * gradient accumulation (the rule is documented there and in docs/elastic-jobs.md); the AM only
 * passes them on, so a script run under plain {@code torchrun} follows the same rule.
 */
final class BatchEnv {

    private BatchEnv() {
    }

    /**
     * @param description    the job's description
     * @param procsPerWorker training processes in each worker container
     */
    static Map<String, String> of(JobDescription description, int procsPerWorker) {
        BatchLimits limits = description.batchLimits();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("YARN_DL_BATCH_SIZE", Integer.toString(description.globalBatchSize()));
        env.put("YARN_DL_MIN_BATCH_SIZE", Integer.toString(limits.min()));
        env.put("YARN_DL_MAX_BATCH_SIZE", Integer.toString(limits.max()));
        if (limits.maxLocal() != BatchLimits.NO_LOCAL_LIMIT) {
            env.put("YARN_DL_MAX_LOCAL_BATCH_SIZE", Integer.toString(limits.maxLocal()));
        }
        env.put("YARN_DL_REFERENCE_WORLD_SIZE", Integer.toString(description.requestedWorkers() * procsPerWorker));
        return env;
    }
}
