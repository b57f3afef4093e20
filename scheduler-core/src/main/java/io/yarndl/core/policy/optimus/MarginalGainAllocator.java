package io.yarndl.core.policy.optimus;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.resize.ResizeCost;
import io.yarndl.core.policy.resize.ResizeSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;

/**
 * Optimus' resource allocator (Peng et al., EuroSys'18, §4.1), the greedy marginal-gain loop:
 *
 * <ol>
 *   <li>every job, in arrival order, gets its minimum (one worker and one PS in the paper) while
 *       the cluster has room, so none starves;</li>
 *   <li>then, repeatedly, the single task (a worker or a PS) whose addition cuts its job's
 *       estimated remaining time the most per unit of its dominant resource,
 *       {@code (T(w, p) - T(w', p')) / dominantShare(task)}, is granted, until no addition gains
 *       or the cluster is full. T = remaining steps / f(w, p) from the fitted models.</li>
 * </ol>
 *
 * <p>With the resize-cost rule ({@link ResizeCost}) a running job ending the round at another
 * size than it holds is charged {@code c = k x restart}: the task that brings it back to what it
 * holds gains {@code c} more, the one that takes it past gains {@code c} less. As single tasks
 * cannot see a charge a few tasks away, a running job is also offered two bundles: straight back
 * to what it holds from below ({@code T(w, p) - T(held) + c}), and, from what it holds, the best
 * growth by several workers or PS ({@code T(held) - T(held + m) - c}), each per unit of the
 * dominant share it adds. A second pass of the loop hands the room no job took to whoever gains
 * from it at one restart's charge ({@link Pass}), and a running job forecast to be done keeps its
 * size ({@link #keepFinishing}). The loop's greedy order is otherwise Optimus', and with the rule
 * off ({@link ResizeSettings#OFF}) its result is.
 *
 * <p>Only a job's own entry changes when it gains, so the candidates live in a priority queue
 * (one per job, fitting the room left when offered) and a round costs O((jobs + tasks) log jobs),
 * plus, per job at the size it holds, one look ahead over its remaining workers or PS.
 * Capacity is checked in aggregate here; the packing placement afterwards turns counts into nodes.
 */
final class MarginalGainAllocator {

    /** One job's result: its task counts and why. */
    record Grant(TaskCount tasks, String reason) {
    }

    /**
     * The greedy loop runs twice: first dividing the room among the jobs with the full charge, then
     * handing what is still free to whichever job gains from it with one restart's charge only: room
     * that no job took stays idle otherwise, so no other job loses by it, and the margin of {@code k}
     * is for trades between jobs whose forecasts move by more than a restart between rounds.
     */
    private enum Pass { SHARING, LEFTOVER }

    /** What a candidate does to its job's size. */
    private enum Move { STEP, BACK_TO_HELD, PAST_HELD }

    /**
     * An addition of {@code workers} and {@code ps} to job {@code job}: the remaining seconds it
     * saves, the restart charge it earns (+) or incurs (-), and their sum per unit of dominant share.
     */
    private record Candidate(int job, int workers, int ps, Move move, double secondsSaved, double charge,
                             double gainPerShare, Pass pass) {

        Candidate in(Pass offeredIn) {
            return new Candidate(job, workers, ps, move, secondsSaved, charge, gainPerShare, offeredIn);
        }
    }

    private final Resources capacity;
    private final ResizeCost resizeCost;

    /** @param capacity the cluster's total capacity: the denominator of dominant shares */
    MarginalGainAllocator(Resources capacity) {
        this(capacity, new ResizeCost(ResizeSettings.OFF));
    }

    /** As {@link #MarginalGainAllocator(Resources)}, charging resizes by {@code resizeCost}. */
    MarginalGainAllocator(Resources capacity, ResizeCost resizeCost) {
        this.capacity = capacity;
        this.resizeCost = resizeCost;
    }

    /**
     * @param estimates jobs in arrival order
     * @param available what may be divided
     * @return one grant per job, in the same order
     */
    List<Grant> allocate(List<JobEstimate> estimates, Resources available) {
        int n = estimates.size();
        int[] workers = new int[n];
        int[] ps = new int[n];
        String[] reasons = new String[n];
        Resources free = available;

        for (int j = 0; j < n; j++) {
            JobSpec spec = estimates.get(j).job().spec();
            Resources minimum = spec.minimumDemand();
            if (minimum.fitsIn(free)) {
                free = free.minus(minimum);
                workers[j] = spec.minWorkers();
                ps[j] = spec.minPs();
                reasons[j] = reasonForMinimum(estimates.get(j));
            } else {
                reasons[j] = "waiting: its minimum " + minimum + " does not fit the " + free + " left";
            }
        }

        for (int j = 0; j < n; j++) {
            free = keepFinishing(estimates.get(j), j, workers, ps, reasons, free);
        }

        PriorityQueue<Candidate> queue = new PriorityQueue<>((a, b) -> {
            int byGain = Double.compare(b.gainPerShare(), a.gainPerShare());
            return byGain != 0 ? byGain : Integer.compare(a.job(), b.job());
        });
        Candidate[] lastGain = new Candidate[n];
        for (Pass pass : Pass.values()) {
            for (int j = 0; j < n; j++) {
                offer(queue, estimates.get(j), j, workers[j], ps[j], free, pass);
            }
            while (!queue.isEmpty()) {
                Candidate best = queue.poll();
                int j = best.job();
                Resources added = estimates.get(j).job().spec().demandOf(new TaskCount(best.workers(), best.ps()));
                if (added.fitsIn(free)) {
                    free = free.minus(added);
                    workers[j] += best.workers();
                    ps[j] += best.ps();
                    lastGain[j] = best;
                }
                // Offered anew from what fits now: free room only shrinks, so a refused addition never returns.
                offer(queue, estimates.get(j), j, workers[j], ps[j], free, pass);
            }
        }

        List<Grant> grants = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            if (lastGain[j] != null) {
                // Formatted once per job, not per grant: a round may grant thousands of tasks.
                reasons[j] = reason(estimates.get(j).job(), lastGain[j]);
            }
            grants.add(new Grant(new TaskCount(workers[j], ps[j]), reasons[j]));
        }
        return grants;
    }

    /**
     * With the rule on, a running job forecast to have no steps left keeps the size it holds (where
     * the room left after every job's minimum has it), as SMD keeps one: a resize costs it a restart
     * that its forecast remaining time cannot pay back, and what others would gain from its GPUs is
     * bounded by that same remaining time. Optimus alone (the rule off) gives it its minimum; a
     * forecast that calls a job done too early then leaves it crawling on one worker for hours.
     *
     * @return the room left
     */
    private Resources keepFinishing(JobEstimate estimate, int j, int[] workers, int[] ps, String[] reasons,
                                    Resources free) {
        JobView job = estimate.job();
        double charge = resizeCost.charge(job);
        TaskCount held = charge > 0 && estimate.reachedGoal() && workers[j] > 0 ? heldWithinBounds(job) : null;
        if (held == null) {
            return free;
        }
        Resources more = job.spec().demandOf(new TaskCount(held.workers() - workers[j], held.ps() - ps[j]));
        if (!more.fitsIn(free)) {
            return free;
        }
        workers[j] = held.workers();
        ps[j] = held.ps();
        reasons[j] = String.format(Locale.ROOT, "no steps left to its goal: kept at the %dw/%dps it holds while"
                + " it finishes, a resize not worth its restart charge of %.0f s (%s)", held.workers(), held.ps(),
                charge, resizeCost.describe(job));
        return free.minus(more);
    }

    /** Queues the job's best positive addition that fits {@code free}, if any, charged as {@code pass} charges. */
    private void offer(PriorityQueue<Candidate> queue, JobEstimate estimate, int j, int w, int p, Resources free,
                       Pass pass) {
        JobSpec spec = estimate.job().spec();
        if (w == 0 || !estimate.isModelled()) {
            return;
        }
        double charge = pass == Pass.SHARING ? resizeCost.charge(estimate.job())
                : resizeCost.chargeIntoIdle(estimate.job());
        TaskCount held = charge > 0 ? heldWithinBounds(estimate.job()) : null;
        double now = estimate.remainingSeconds(w, p);
        Candidate best = null;
        if (w < spec.maxWorkers()) {
            best = better(best, step(estimate, j, w, p, 1, 0, now, held, charge, free));
        }
        if (spec.usesParameterServers() && p < spec.maxPs()) {
            best = better(best, step(estimate, j, w, p, 0, 1, now, held, charge, free));
        }
        if (held != null && w <= held.workers() && p <= held.ps() && held.tasks() - w - p > 1) {
            best = better(best, candidate(estimate, j, held.workers() - w, held.ps() - p, Move.BACK_TO_HELD,
                    now - estimate.remainingSeconds(held.workers(), held.ps()), charge, free));
        }
        if (held != null && w == held.workers() && p == held.ps()) {
            best = better(best, pastHeld(estimate, j, w, p, now, charge, free));
        }
        if (best != null) {
            queue.add(best.in(pass));
        }
    }

    /** One more worker ({@code dw = 1}) or PS ({@code dp = 1}), earning or incurring the charge where it reaches or leaves what the job holds. */
    private Candidate step(JobEstimate estimate, int j, int w, int p, int dw, int dp, double now, TaskCount held,
                           double charge, Resources free) {
        double saved = now - estimate.remainingSeconds(w + dw, p + dp);
        double adjustment = 0;
        if (held != null && held.workers() == w + dw && held.ps() == p + dp) {
            adjustment = charge;
        } else if (held != null && held.workers() == w && held.ps() == p) {
            adjustment = -charge;
        }
        return candidate(estimate, j, dw, dp, Move.STEP, saved, adjustment, free);
    }

    /** From what the job holds, its best growth by two or more workers, or two or more PS, that pays its charge. */
    private Candidate pastHeld(JobEstimate estimate, int j, int w, int p, double now, double charge, Resources free) {
        JobSpec spec = estimate.job().spec();
        Candidate best = null;
        for (int m = 2; w + m <= spec.maxWorkers() && spec.workerDemand().times(m).fitsIn(free); m++) {
            best = better(best, candidate(estimate, j, m, 0, Move.PAST_HELD,
                    now - estimate.remainingSeconds(w + m, p), -charge, free));
        }
        for (int m = 2; spec.usesParameterServers() && p + m <= spec.maxPs() && spec.psDemand().times(m).fitsIn(free); m++) {
            best = better(best, candidate(estimate, j, 0, m, Move.PAST_HELD,
                    now - estimate.remainingSeconds(w, p + m), -charge, free));
        }
        return best;
    }

    private Candidate candidate(JobEstimate estimate, int j, int dw, int dp, Move move, double saved, double charge,
                                Resources free) {
        Resources added = estimate.job().spec().demandOf(new TaskCount(dw, dp));
        double share = added.dominantShare(capacity);
        double gain = saved + charge;
        if (!(gain > 0) || share <= 0 || !added.fitsIn(free)) {
            return null;
        }
        return new Candidate(j, dw, dp, move, saved, charge, gain / share, null);
    }

    /** What a running job holds, where that is a size its spec allows; null otherwise (it must change anyway). */
    private static TaskCount heldWithinBounds(JobView job) {
        TaskCount held = job.allocation().tasks();
        JobSpec spec = job.spec();
        boolean allowed = held.workers() >= spec.minWorkers() && held.workers() <= spec.maxWorkers()
                && held.ps() >= spec.minPs() && held.ps() <= spec.maxPs();
        return job.isRunning() && allowed ? held : null;
    }

    private static Candidate better(Candidate a, Candidate b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return b.gainPerShare() > a.gainPerShare() ? b : a;
    }

    private String reason(JobView job, Candidate last) {
        String tasks = tasks(last.workers(), last.ps());
        String charge = String.format(Locale.ROOT, "%.0f s (%s)", Math.abs(last.charge()),
                last.pass() == Pass.SHARING ? resizeCost.describe(job) : resizeCost.describeIntoIdle(job));
        return switch (last.move()) {
            case STEP -> String.format(Locale.ROOT, "marginal gain: its last %s saved an estimated %.0f s"
                    + " (%.1f s per 1%% dominant share)%s", last.workers() > 0 ? "worker" : "PS", last.secondsSaved(),
                    last.gainPerShare() / 100, last.charge() == 0 ? ""
                            : (last.charge() > 0 ? "; kept at the size it holds, the restart avoided worth "
                                    : "; beyond its restart charge of ") + charge);
            case BACK_TO_HELD -> String.format(Locale.ROOT, "kept at the %dw/%dps it holds: its last %s saved an"
                    + " estimated %.0f s, and the restart avoided is worth %s", job.allocation().workers(),
                    job.allocation().ps(), tasks, last.secondsSaved(), charge);
            case PAST_HELD -> String.format(Locale.ROOT, "grown past the %dw/%dps it holds by %s: saves an estimated"
                    + " %.0f s, more than its restart charge of %s", job.allocation().workers(), job.allocation().ps(),
                    tasks, last.secondsSaved(), charge);
        };
    }

    private static String tasks(int workers, int ps) {
        return workers > 0 ? workers + (workers == 1 ? " worker" : " workers") : ps + " PS";
    }

    private static String reasonForMinimum(JobEstimate estimate) {
        if (estimate.isModelled()) {
            return "minimum size; no addition gained";
        }
        return estimate.reachedGoal() ? "minimum size: no steps left to its goal"
                : "minimum size until its speed and convergence models fit";
    }
}
