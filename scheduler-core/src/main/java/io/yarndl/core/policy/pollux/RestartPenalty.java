package io.yarndl.core.policy.pollux;

import io.yarndl.core.job.JobView;

/**
 * Pollux's re-allocation factor (OSDI'21, section 4.2): a running job's speedup at any allocation
 * other than its current one is multiplied by
 *
 * <pre>
 * REALLOC_FACTOR_j = max(T_j - S_j, 0) / (T_j + delta_j)
 * </pre>
 *
 * where {@code T_j} is the job's age, {@code S_j} the seconds its restarts have cost it so far and
 * {@code delta_j} what one more is expected to cost. Pollux counts restarts times a fixed delay
 * ({@code S_j = restarts * delta}); here both are what the driver measured of the job's own resizes
 * ({@link io.yarndl.core.job.Restarts}), {@code delta} the prior until one was measured. A job that
 * has restarted often, or is young, gains less from a change, so allocations hold unless the change
 * is worth it. Sia uses the same factor, except that a job younger than {@code delta} is not penalised
 * ({@link #graceWhileYoung}).
 *
 * @param priorSec        delta before a resize of the job was measured
 * @param graceWhileYoung Sia's rule: factor 1 while the job is younger than delta
 */
public record RestartPenalty(double priorSec, boolean graceWhileYoung) {

    public RestartPenalty {
        if (!(priorSec >= 0) || Double.isInfinite(priorSec)) {
            throw new IllegalArgumentException("restart prior must be finite and >= 0, got " + priorSec);
        }
    }

    /** The factor for {@code job} at {@code nowSec}; 1 where a restart costs nothing. */
    public double factor(JobView job, double nowSec) {
        double delay = job.restarts().meanOr(priorSec);
        if (delay <= 0) {
            return 1.0;
        }
        double age = Math.max(0, nowSec - job.submitTimeSec());
        if (graceWhileYoung && age < delay) {
            return 1.0;
        }
        return Math.max(age - job.restarts().totalSeconds(), 0) / (age + delay);
    }
}
