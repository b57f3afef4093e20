package io.yarndl.yarn.jobs;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;

/**
 * What a job's resizes cost it, measured from its accepted progress samples as they arrive: for
 * two consecutive samples at different sizes (workers or parameter servers), the seconds between
 * them. That gap is the time the job made no new progress around the resize: its last step at the
 * old size is the last sample before it, and the AM publishes a step of the new generation only
 * once it is past every step published before (see {@code ProgressLedger}), so the gap holds the
 * checkpoint, the restart of every trainer, the rendezvous, the restore and the steps redone since
 * the checkpoint. Both times are the AM's clock ({@code timeSec} is when the AM received the step).
 *
 * <p>Why not "from the plan's new target to training at that size", which the scheduler could time
 * with its own clock: a growing job goes on training at its old size while it waits for containers
 * (other jobs' grace periods, the AM's settling time), and a shrinking one while it waits for its
 * preemption notice; that wait is scheduling latency, not lost training, and charging it to the
 * resize would make a policy shy of resizes that cost little. A restart at the same size (a failed
 * generation, a new AM attempt) is no resize and is not counted. Pure and stateless.
 */
final class ResizeTimer {

    private ResizeTimer() {
    }

    /** {@code sofar}, plus the resize between {@code previous} and {@code next} if there is one. */
    static Restarts after(Restarts sofar, ProgressSample previous, ProgressSample next) {
        if (previous == null || (previous.workers() == next.workers() && previous.ps() == next.ps())) {
            return sofar;
        }
        // Restarts.plus ignores a nonsense gap (a clock that went back across an AM attempt).
        return sofar.plus(next.timeSec() - previous.timeSec());
    }
}
