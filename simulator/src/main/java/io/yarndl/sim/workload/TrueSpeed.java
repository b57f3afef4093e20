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
}
