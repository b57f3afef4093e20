package io.yarndl.core.policy.optimus;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.TaskCount;
import java.util.ArrayList;
import java.util.List;
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
 * Only a job's own entry changes when it gains a task, so the candidates live in a priority queue
 * and a round costs O((jobs + tasks) log jobs). Capacity is checked in aggregate here; the packing
 * placement afterwards turns counts into nodes.
 */
final class MarginalGainAllocator {

    /** One job's result: its task counts and why. */
    record Grant(TaskCount tasks, String reason) {
    }

    private record Candidate(int job, boolean worker, double gainPerShare, double secondsSaved) {
    }

    private final Resources capacity;

    /** @param capacity the cluster's total capacity: the denominator of dominant shares */
    MarginalGainAllocator(Resources capacity) {
        this.capacity = capacity;
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

        PriorityQueue<Candidate> queue = new PriorityQueue<>((a, b) -> {
            int byGain = Double.compare(b.gainPerShare(), a.gainPerShare());
            return byGain != 0 ? byGain : Integer.compare(a.job(), b.job());
        });
        // Free resources only shrink, so a kind of task that once failed to fit never fits again.
        Candidate[] lastGain = new Candidate[n];
        boolean[] workerFits = new boolean[n];
        boolean[] psFits = new boolean[n];
        java.util.Arrays.fill(workerFits, true);
        java.util.Arrays.fill(psFits, true);
        for (int j = 0; j < n; j++) {
            offer(queue, estimates.get(j), j, workers[j], ps[j], true, true);
        }
        while (!queue.isEmpty()) {
            Candidate best = queue.poll();
            int j = best.job();
            JobSpec spec = estimates.get(j).job().spec();
            Resources task = best.worker() ? spec.workerDemand() : spec.psDemand();
            if (!task.fitsIn(free)) {
                if (best.worker()) {
                    workerFits[j] = false;
                } else {
                    psFits[j] = false;
                }
                // The job may still gain from the other kind of task.
                offer(queue, estimates.get(j), j, workers[j], ps[j], workerFits[j], psFits[j]);
                continue;
            }
            free = free.minus(task);
            if (best.worker()) {
                workers[j]++;
            } else {
                ps[j]++;
            }
            lastGain[j] = best;
            offer(queue, estimates.get(j), j, workers[j], ps[j], workerFits[j], psFits[j]);
        }

        List<Grant> grants = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            if (lastGain[j] != null) {
                // Formatted once per job, not per grant: a round may grant thousands of tasks.
                reasons[j] = String.format("marginal gain: its last %s saved an estimated %.0f s"
                        + " (%.1f s per 1%% dominant share)", lastGain[j].worker() ? "worker" : "PS",
                        lastGain[j].secondsSaved(), lastGain[j].gainPerShare() / 100);
            }
            grants.add(new Grant(new TaskCount(workers[j], ps[j]), reasons[j]));
        }
        return grants;
    }

    /** Queues the job's better positive addition among the kinds allowed. */
    private void offer(PriorityQueue<Candidate> queue, JobEstimate estimate, int j, int w, int p,
                       boolean workerAllowed, boolean psAllowed) {
        JobSpec spec = estimate.job().spec();
        if (w == 0 || !estimate.isModelled()) {
            return;
        }
        double now = estimate.remainingSeconds(w, p);
        Candidate best = null;
        if (workerAllowed && w < spec.maxWorkers()) {
            best = better(best, candidate(j, true, now - estimate.remainingSeconds(w + 1, p), spec.workerDemand()));
        }
        if (psAllowed && spec.usesParameterServers() && p < spec.maxPs()) {
            best = better(best, candidate(j, false, now - estimate.remainingSeconds(w, p + 1), spec.psDemand()));
        }
        if (best != null && best.gainPerShare() > 0) {
            queue.add(best);
        }
    }

    private Candidate candidate(int j, boolean worker, double secondsSaved, Resources task) {
        double share = task.dominantShare(capacity);
        if (!(secondsSaved > 0) || share <= 0) {
            return null;
        }
        return new Candidate(j, worker, secondsSaved / share, secondsSaved);
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

    private static String reasonForMinimum(JobEstimate estimate) {
        if (estimate.isModelled()) {
            return "minimum size; no addition gained";
        }
        return estimate.reachedGoal() ? "minimum size: no steps left to its goal"
                : "minimum size until its speed and convergence models fit";
    }
}
