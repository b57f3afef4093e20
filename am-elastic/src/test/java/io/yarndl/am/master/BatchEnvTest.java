package io.yarndl.am.master;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BatchEnvTest {

    private static JobDescription job() {
        return new JobDescription("cnn", Framework.PYTORCH, Architecture.ALLREDUCE, SyncMode.SYNCHRONOUS,
                Resources.of(1, 1, 1024), Resources.ZERO, 1, 4, 0, 0, 2, 0, 64, TrainingGoal.steps(100));
    }

    @Test
    void tellsTheScriptItsReferenceBatchItsLimitsAndTheProcessesTheReferenceWasDeclaredFor() {
        assertEquals(Map.of("YARN_DL_BATCH_SIZE", "64", "YARN_DL_MIN_BATCH_SIZE", "32", "YARN_DL_MAX_BATCH_SIZE", "256",
                        "YARN_DL_MAX_LOCAL_BATCH_SIZE", "48", "YARN_DL_REFERENCE_WORLD_SIZE", "6"),
                BatchEnv.of(job().withBatchLimits(new BatchLimits(32, 256, 48)), 3));
    }

    @Test
    void aJobWithoutLimitsIsToldItsOneBatchAndNoLocalLimit() {
        assertEquals(Map.of("YARN_DL_BATCH_SIZE", "64", "YARN_DL_MIN_BATCH_SIZE", "64", "YARN_DL_MAX_BATCH_SIZE", "64",
                "YARN_DL_REFERENCE_WORLD_SIZE", "2"), BatchEnv.of(job(), 1));
    }
}
