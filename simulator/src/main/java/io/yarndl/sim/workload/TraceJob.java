package io.yarndl.sim.workload;

import java.util.Objects;

/**
 * One job of a workload, as a trace or generator produces it: when it arrives, what it is, what
 * it asks for and how much work it truly needs. Immutable.
 *
 * @param id               unique id within the trace
 * @param arrivalSec       arrival time in seconds from the trace's start
 * @param user             submitting user (fairness policies divide between users)
 * @param type             the job type (ground truth of speed and convergence)
 * @param requestedWorkers static size asked for (what non-elastic policies give)
 * @param requestedPs      static number of parameter servers asked for
 * @param minWorkers       fewest workers it can run with
 * @param maxWorkers       most workers it can use
 * @param minPs            fewest parameter servers
 * @param maxPs            most parameter servers
 * @param requiredSteps    true steps to convergence (never shown to policies)
 */
public record TraceJob(String id, double arrivalSec, String user, JobType type, int requestedWorkers,
                       int requestedPs, int minWorkers, int maxWorkers, int minPs, int maxPs, long requiredSteps) {

    public TraceJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(type, "type");
        if (!(arrivalSec >= 0) || Double.isInfinite(arrivalSec)) {
            throw new IllegalArgumentException("job " + id + ": arrival must be a finite time >= 0, got " + arrivalSec);
        }
        if (requiredSteps <= 0) {
            throw new IllegalArgumentException("job " + id + ": required steps must be positive, got " + requiredSteps);
        }
    }
}
