package io.yarndl.sim.engine;

/**
 * How one job fared in one simulated run.
 *
 * @param jobId          the job
 * @param type           its job type name
 * @param user           its user
 * @param arrivalSec     when it arrived
 * @param startSec       when it first got workers
 * @param finishSec      when it converged
 * @param isolatedJctSec its completion time alone on the cluster at its best allocation (a lower bound)
 * @param resizes        how often its allocation changed after it started
 * @param requiredSteps  the steps it needed
 * @param stepsDone      the steps it did (equals requiredSteps: work is conserved)
 * @param gpuSeconds     GPU-seconds it held
 */
public record JobOutcome(String jobId, String type, String user, double arrivalSec, double startSec, double finishSec,
                         double isolatedJctSec, int resizes, long requiredSteps, long stepsDone, double gpuSeconds) {

    /** Job completion time: from arrival to convergence. */
    public double jctSec() {
        return finishSec - arrivalSec;
    }
}
