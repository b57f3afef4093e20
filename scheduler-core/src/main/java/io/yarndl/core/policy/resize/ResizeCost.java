package io.yarndl.core.policy.resize;

import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;

import java.util.Locale;
import java.util.Objects;

/**
 * The resize-cost rule every policy with a remaining-time forecast shares: a running job's size
 * changes only when the change is predicted to save more, over the job's remaining time, than
 * {@code k} checkpoint-restarts cost.
 *
 * <p>As an objective term: a policy that minimises the jobs' summed remaining times
 * {@code sum_j T_j(size_j)} (Optimus' marginal gains, SMD's sum of ratios) minimises instead
 *
 * <pre>  sum_j  T_j(size_j) + charge_j * [size_j != held_j],   charge_j = k * restart_j</pre>
 *
 * where {@code held_j} is what the running job holds and {@code restart_j} the mean of its own
 * measured restarts ({@link io.yarndl.core.job.Restarts}), or the prior before any. A job alone
 * then grows only when {@code T(held) - T(new) > charge}; and one job's tasks go to another only
 * when the receiver's saving beats the giver's loss by both charges, which is what stops two
 * jobs of nearly equal marginal gain trading a worker back and forth every round. A job that is
 * not running pays nothing (starting it is no resize), so a new job's minimum is never held back:
 * the allocators hand out minimums before any size above them.
 *
 * <p>Why {@code k > 1}: the restart itself costs a job {@code restart_j} seconds, but the saving is
 * a forecast over the job's remaining time from fitted models whose error is of the order of the
 * savings traded at the margin, and a size kept for a round and then changed back earns a round's
 * share of it only. Pollux handles the same problem by scaling a re-allocated job's speedup by
 * {@code (age - restarts * 30 s) / (age + 30 s)} (OSDI'21 artifact, {@code pollux.py}); Optimus
 * charges nothing. docs/resize-cost.md compares the two with this rule and gives the figures
 * behind the default {@code k}.
 */
public final class ResizeCost {

    private final ResizeSettings settings;

    public ResizeCost(ResizeSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public ResizeSettings settings() {
        return settings;
    }

    /** Seconds one restart of {@code job} costs: the mean of its measured restarts, or the prior before any. */
    public double restartSeconds(JobView job) {
        return job.restarts().meanOr(settings.priorRestartSec());
    }

    /**
     * Seconds a change of {@code job}'s size must save over its remaining time to be made:
     * {@code k} times its restart cost while it runs, 0 while it waits (starting is no resize).
     */
    public double charge(JobView job) {
        return job.isRunning() && settings.charges() ? settings.paybackFactor() * restartSeconds(job) : 0;
    }

    /**
     * The charge of a change that only takes room no other job is given this round (which would
     * otherwise stay idle): one restart, {@code min(k, 1)} times its cost, since no other job's forecast
     * is traded against this one's; only the job's own saving must pay its own stall.
     */
    public double chargeIntoIdle(JobView job) {
        return job.isRunning() && settings.charges()
                ? Math.min(settings.paybackFactor(), 1) * restartSeconds(job) : 0;
    }

    /** The charge of {@code job} ending the round at {@code size}: 0 where that is what it holds. */
    public double chargeAt(JobView job, TaskCount size) {
        return holds(job, size) ? 0 : charge(job);
    }

    /** Whether {@code job} runs at exactly {@code size} now. */
    public static boolean holds(JobView job, TaskCount size) {
        return job.isRunning() && job.allocation().tasks().equals(size);
    }

    /**
     * The rule for one job alone: whether moving it from what it holds to a size with
     * {@code secondsSaved} less remaining time pays (a waiting job's start always does).
     */
    public boolean pays(JobView job, double secondsSaved) {
        return !job.isRunning() || secondsSaved > charge(job);
    }

    /** The charge of {@code job} in words, for a plan's reason: {@code "30 x 5 s restart (prior)"}. */
    public String describe(JobView job) {
        return describe(job, settings.paybackFactor());
    }

    /** As {@link #describe(JobView)}, for {@link #chargeIntoIdle}: {@code "1 x 5 s restart (prior), into idle room"}. */
    public String describeIntoIdle(JobView job) {
        return describe(job, Math.min(settings.paybackFactor(), 1)) + ", into idle room";
    }

    private String describe(JobView job, double factor) {
        return String.format(Locale.ROOT, "%s x %.0f s restart (%s)", formatFactor(factor),
                restartSeconds(job), job.restarts().count() == 0 ? "prior"
                        : "mean of " + job.restarts().count() + " measured");
    }

    private static String formatFactor(double k) {
        return k == Math.rint(k) ? Long.toString((long) k) : String.format(Locale.ROOT, "%.2f", k);
    }
}
