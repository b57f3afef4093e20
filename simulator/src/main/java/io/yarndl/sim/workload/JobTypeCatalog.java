package io.yarndl.sim.workload;

import java.util.List;

/**
 * The simulated job mix: the 8 parameter-server model types of the DL2 paper with speeds fitted
 * to their measurements, and all-reduce (PyTorch DDP) types fitted to Pollux's profiles.
 */
public final class JobTypeCatalog {

    private JobTypeCatalog() {
    }

    /** The standard mix. */
    public static List<JobType> standard() {
        throw new UnsupportedOperationException("job type catalog not built yet");
    }
}
