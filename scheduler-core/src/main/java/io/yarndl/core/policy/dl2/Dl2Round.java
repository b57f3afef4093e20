package io.yarndl.core.policy.dl2;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One DL2 round while it is being decided: the jobs in their slots, what each has been given so
 * far this round (every round starts from nothing, as in DL2) and what is still free. It encodes
 * the state ({@link Dl2Layout}), says which actions are valid and applies them. Mutable scratch for
 * one {@code plan()} call; the trainer uses it too, to turn a teacher's plan into actions.
 *
 * <p>An action is valid when its slot holds a job, the job stays within its maximum workers and
 * parameter servers, and the cluster's free total still holds the tasks. A parameter-server job
 * that has nothing yet can only take a worker and a server together, and an all-reduce job only
 * workers, so no action is ever wasted on a job that could not run. Fitting the free total does not
 * promise fitting one node's; placement afterwards shrinks what does not fit.
 */
public final class Dl2Round {

    private final List<JobView> slotted;
    private final int backlog;
    private final Resources capacity;
    private final int[] workers;
    private final int[] ps;
    private final float[] fixedFeatures;
    private Resources free;

    private Dl2Round(List<JobView> slotted, int backlog, Resources capacity, Resources free, float[] fixedFeatures) {
        this.slotted = slotted;
        this.backlog = backlog;
        this.capacity = capacity;
        this.free = free;
        this.fixedFeatures = fixedFeatures;
        this.workers = new int[slotted.size()];
        this.ps = new int[slotted.size()];
    }

    /**
     * A round over {@code jobs} (in the order the driver gives, which is arrival order), with job
     * types named as in {@code jobTypes} (a model card's list).
     */
    public static Dl2Round start(ClusterSnapshot snapshot, List<JobView> jobs, List<String> jobTypes) {
        if (jobTypes.size() > Dl2Layout.MAX_JOB_TYPES) {
            throw new IllegalArgumentException("at most " + Dl2Layout.MAX_JOB_TYPES + " job types, got " + jobTypes.size());
        }
        Map<String, Integer> typeIndex = new HashMap<>();
        for (int i = 0; i < jobTypes.size(); i++) {
            typeIndex.putIfAbsent(jobTypes.get(i), i);
        }
        List<JobView> byArrival = new ArrayList<>(jobs);
        byArrival.sort(JobView.BY_ARRIVAL);
        List<JobView> slotted = List.copyOf(byArrival.subList(0, Math.min(Dl2Layout.SLOTS, byArrival.size())));
        float[] fixed = new float[Dl2Layout.SLOTS * Dl2Layout.SLOT_FEATURES];
        double horizon = Math.log1p(Dl2Layout.TIME_HORIZON_HOURS);
        for (int s = 0; s < slotted.size(); s++) {
            JobView job = slotted.get(s);
            int base = s * Dl2Layout.SLOT_FEATURES;
            fixed[base + typeIndex.getOrDefault(job.spec().name(), Dl2Layout.TYPE_BUCKETS - 1)] = 1;
            double hours = Math.max(0, snapshot.timeSec() - job.submitTimeSec()) / 3600.0;
            fixed[base + Dl2Layout.TIME_FEATURE] = (float) Math.min(1, Math.log1p(hours) / horizon);
            fixed[base + Dl2Layout.PROGRESS_FEATURE] = (float) ProgressEstimate.of(job);
            fixed[base + Dl2Layout.RUNNING_WORKERS_FEATURE] = scaled(job.allocation().workers());
            fixed[base + Dl2Layout.RUNNING_PS_FEATURE] = scaled(job.allocation().ps());
            fixed[base + Dl2Layout.REQUESTED_WORKERS_FEATURE] = scaled(job.spec().requestedWorkers());
        }
        return new Dl2Round(slotted, byArrival.size() - slotted.size(), snapshot.totalCapacity(),
                snapshot.totalAvailable(), fixed);
    }

    /** Jobs in slots, slot 0 first. */
    public List<JobView> slotted() {
        return slotted;
    }

    /** Writes the state vector into {@code out} (length {@link Dl2Layout#INPUT_SIZE}). */
    public void encode(float[] out) {
        System.arraycopy(fixedFeatures, 0, out, 0, fixedFeatures.length);
        for (int s = 0; s < slotted.size(); s++) {
            int base = s * Dl2Layout.SLOT_FEATURES;
            JobSpec spec = slotted.get(s).spec();
            out[base + Dl2Layout.SHARE_FEATURE] =
                    (float) spec.demandOf(new TaskCount(workers[s], ps[s])).dominantShare(capacity);
            out[base + Dl2Layout.PLANNED_WORKERS_FEATURE] = scaled(workers[s]);
            out[base + Dl2Layout.PLANNED_PS_FEATURE] = scaled(ps[s]);
        }
        int global = Dl2Layout.SLOTS * Dl2Layout.SLOT_FEATURES;
        out[global] = fraction(free.gpus(), capacity.gpus());
        out[global + 1] = fraction(free.vcores(), capacity.vcores());
        out[global + 2] = fraction(free.memoryMb(), capacity.memoryMb());
        out[global + 3] = (float) Math.min(1.0, (double) backlog / Dl2Layout.SLOTS);
    }

    /**
     * Marks the valid actions in {@code out} (length {@link Dl2Layout#OUTPUT_SIZE}); stop is
     * always valid.
     *
     * @return how many actions other than stop are valid
     */
    public int mask(boolean[] out) {
        Arrays.fill(out, false);
        int valid = 0;
        for (int s = 0; s < slotted.size(); s++) {
            for (ActionKind kind : ActionKind.values()) {
                if (isValid(s, kind)) {
                    out[Dl2Layout.action(s, kind)] = true;
                    valid++;
                }
            }
        }
        out[Dl2Layout.STOP] = true;
        return valid;
    }

    /** True when {@code action} (not stop) may be applied now. */
    public boolean isValid(int action) {
        return action >= 0 && action < Dl2Layout.STOP && isValid(Dl2Layout.slotOf(action), Dl2Layout.kindOf(action));
    }

    private boolean isValid(int slot, ActionKind kind) {
        if (slot >= slotted.size()) {
            return false;
        }
        JobSpec spec = slotted.get(slot).spec();
        if (!spec.usesParameterServers() && kind != ActionKind.WORKER) {
            return false;
        }
        if (spec.usesParameterServers() && workers[slot] == 0 && ps[slot] == 0 && kind != ActionKind.BOTH) {
            return false;
        }
        if (workers[slot] + kind.workers() > spec.maxWorkers() || ps[slot] + kind.ps() > spec.maxPs()) {
            return false;
        }
        return spec.demandOf(new TaskCount(kind.workers(), kind.ps())).fitsIn(free);
    }

    /** Applies a valid action other than stop. */
    public void apply(int action) {
        if (!isValid(action)) {
            throw new IllegalArgumentException("action " + action + " is not valid now");
        }
        int slot = Dl2Layout.slotOf(action);
        ActionKind kind = Dl2Layout.kindOf(action);
        workers[slot] += kind.workers();
        ps[slot] += kind.ps();
        free = free.minus(slotted.get(slot).spec().demandOf(new TaskCount(kind.workers(), kind.ps())));
    }

    /**
     * Gives every slotted job its minimum, in slot (arrival) order, while the free total holds it:
     * the floor every DL2 round starts from ({@link Dl2Policy}). A job whose minimum does not fit
     * is skipped and later, smaller ones still get theirs.
     *
     * @return how many jobs it started
     */
    public int grantMinimums() {
        int granted = 0;
        for (int s = 0; s < slotted.size(); s++) {
            JobSpec spec = slotted.get(s).spec();
            TaskCount missing = new TaskCount(Math.max(0, spec.minWorkers() - workers[s]), Math.max(0, spec.minPs() - ps[s]));
            if (missing.tasks() > 0 && spec.demandOf(missing).fitsIn(free)) {
                workers[s] += missing.workers();
                ps[s] += missing.ps();
                free = free.minus(spec.demandOf(missing));
                granted++;
            }
        }
        return granted;
    }

    /** What slot {@code slot}'s job has been given so far this round. */
    public TaskCount planned(int slot) {
        return new TaskCount(workers[slot], ps[slot]);
    }

    /**
     * The size each of {@code jobs} ends the round with: what it was given, or nothing when that is
     * below its minimum or it had no slot.
     */
    public List<TaskCount> targets(List<JobView> jobs) {
        Map<String, TaskCount> bySlot = new HashMap<>();
        for (int s = 0; s < slotted.size(); s++) {
            JobSpec spec = slotted.get(s).spec();
            boolean runnable = workers[s] >= spec.minWorkers() && ps[s] >= spec.minPs();
            bySlot.put(spec.id(), runnable ? planned(s) : TaskCount.NONE);
        }
        List<TaskCount> targets = new ArrayList<>(jobs.size());
        for (JobView job : jobs) {
            targets.add(bySlot.getOrDefault(job.id(), TaskCount.NONE));
        }
        return targets;
    }

    private static float scaled(int tasks) {
        return (float) (tasks / Dl2Layout.TASK_SCALE);
    }

    private static float fraction(long part, long whole) {
        return whole > 0 ? (float) Math.max(0, (double) part / whole) : 0;
    }
}
