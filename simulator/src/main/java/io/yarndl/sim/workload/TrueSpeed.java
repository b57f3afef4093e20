package io.yarndl.sim.workload;

/**
 * The ground truth of how fast a job type trains, known to the simulator only: policies learn an
 * approximation of it from progress samples. Derived from measurements (see {@link JobTypeCatalog});
 * the shipped types use {@link PlacementAwareSpeed}.
 */
public interface TrueSpeed {

    /**
     * Steps of the type's reference global batch per second.
     *
     * @param workers      workers, at least 1
     * @param ps           parameter servers (0 for all-reduce)
     * @param nodesSpanned distinct nodes the job's tasks sit on; 1 means colocated
     */
    double stepsPerSecond(int workers, int ps, int nodesSpanned);

    /**
     * Steps per second on GPUs of {@code gpuType} (a job's GPU tasks share one type). By default
     * the type does not matter: the catalog's types ({@link JobTypeCatalog}) are fitted to Pollux's
     * and DL2's measurements, each taken on one GPU type, so they have no other type to tell
     * apart. Types measured on several GPU types (Gavel's) override it.
     *
     * @param gpuType the GPU type, as the nodes report it ({@link io.yarndl.core.cluster.Node#acceleratorType()})
     */
    default double stepsPerSecond(int workers, int ps, int nodesSpanned, String gpuType) {
        return stepsPerSecond(workers, ps, nodesSpanned);
    }

    /**
     * Steps per second with its workers laid out as {@code layout} on GPUs of {@code gpuType}. By
     * default only the count of nodes matters, as the catalog's and Gavel's measurements see it;
     * types measured at exact placements (Sia's) override it.
     */
    default double stepsPerSecond(WorkerLayout layout, int ps, String gpuType) {
        return stepsPerSecond(layout.workers(), ps, layout.nodesSpanned(), gpuType);
    }

    /**
     * Steps per second on GPUs of {@code gpuType} while another job, whose ground truth is
     * {@code other}, shares the same GPUs (Gavel's space sharing). By default the type's
     * measurements say nothing about sharing, so it cannot share: only types measured co-located
     * (Gavel's) override it.
     *
     * @throws IllegalArgumentException where what the two do to each other was not measured
     */
    default double stepsPerSecondSharing(int workers, int ps, int nodesSpanned, String gpuType, TrueSpeed other) {
        throw new IllegalArgumentException("no co-located speeds were measured for " + this + "; it cannot share GPUs");
    }
}
