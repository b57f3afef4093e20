package io.yarndl.sim.workload;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import java.util.List;

/** Hand-made job types with simple speed laws, so tests do not depend on the measured catalog. */
public final class TestJobTypes {

    private static final LossCurveShape LOSS = new LossCurveShape(5, 1, 0.1);

    /** Parameter-server type: up to 16 workers and 8 PS; speed grows with both, sub-linearly. */
    public static final JobType PS_MODEL = new JobType("ps-model", Framework.MXNET, Architecture.PARAMETER_SERVER,
            SyncMode.SYNCHRONOUS, Resources.of(1, 4, 16_384), Resources.of(0, 4, 8_192), 16, 8, 256,
            (workers, ps, nodes) -> 3.0 * workers / (1 + 0.05 * workers + 0.2 * workers / Math.max(1, ps)), LOSS);

    /** All-reduce type: up to 32 workers; speed linear in workers, slower across nodes. */
    public static final JobType ALLREDUCE_MODEL = new JobType("ar-model", Framework.PYTORCH, Architecture.ALLREDUCE,
            SyncMode.SYNCHRONOUS, Resources.of(1, 8, 32_768), Resources.ZERO, 32, 0, 128,
            (workers, ps, nodes) -> 1.7 * workers / (1 + 0.1 * (nodes - 1)), LOSS);

    /** All-reduce type measured only up to 2 workers. */
    public static final JobType SMALL_MODEL = new JobType("small-model", Framework.PYTORCH, Architecture.ALLREDUCE,
            SyncMode.SYNCHRONOUS, Resources.of(1, 2, 8_192), Resources.ZERO, 2, 0, 32,
            (workers, ps, nodes) -> 10.0 * workers, LOSS);

    private TestJobTypes() {
    }

    public static List<JobType> mix() {
        return List.of(PS_MODEL, ALLREDUCE_MODEL, SMALL_MODEL);
    }
}
