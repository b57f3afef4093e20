package io.yarndl.core.policy.dl2;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.resize.ResizeSettings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One DL2 round while it is being decided: the jobs in their slots, what each has been given so
 * far this round and on which GPU type (every round starts from nothing, as in DL2, but for the
 * jobs {@link ResizeHold} keeps at what they hold) and what is still free, in all and per type. It
 * encodes the state ({@link Dl2Layout}), says which actions are valid and applies them. Mutable
 * scratch for one {@code plan()} call; the trainer uses it too, to turn a teacher's plan into actions.
 *
 * <p>An action is valid when its slot holds a job that is not held, the job stays within its maximum
 * workers and parameter servers, and the cluster's free total (and, for a worker, its type's free
 * GPUs) still holds the tasks. A job's workers are all on one type: a worker action names the type
 * planned for it, or any while none is; a move takes its planned workers to another type with room.
 * A parameter-server job that has nothing yet can only take a worker and a server together, and an
 * all-reduce job only workers, so no action is ever wasted on a job that could not run. Fitting the
 * free total does not promise fitting one node's; placement afterwards shrinks what does not fit.
 */
public final class Dl2Round {

    private final List<JobView> slotted;
    private final int backlog;
    private final Resources capacity;
    private final GpuTypes types;
    private final int[] freeByType;
    private final int[] workers;
    private final int[] ps;
    private final int[] plannedType;
    private final int[] heldType;
    private final boolean[] held;
    private final float[] fixedFeatures;
    private Resources free;

    private Dl2Round(List<JobView> slotted, int backlog, Resources capacity, Resources free, GpuTypes types,
                     int[] heldType, float[] fixedFeatures) {
        this.slotted = slotted;
        this.backlog = backlog;
        this.capacity = capacity;
        this.free = free;
        this.types = types;
        this.freeByType = types.free().clone();
        this.fixedFeatures = fixedFeatures;
        this.workers = new int[slotted.size()];
        this.ps = new int[slotted.size()];
        this.plannedType = new int[slotted.size()];
        this.heldType = heldType;
        this.held = new boolean[slotted.size()];
        Arrays.fill(plannedType, -1);
    }

    /**
     * A round over {@code jobs} (in the order the driver gives, which is arrival order), with job
     * types named as in {@code jobTypes} (a model card's list), no job held at its size.
     */
    public static Dl2Round start(ClusterSnapshot snapshot, List<JobView> jobs, List<String> jobTypes) {
        return start(snapshot, jobs, jobTypes, ResizeSettings.OFF);
    }

    /**
     * As {@link #start(ClusterSnapshot, List, List)}, each running job that {@link ResizeHold} keeps
     * at its size under {@code resize} given what it holds, on its type, before anything else.
     *
     * @throws ModelFailureException when the cluster has more GPU types than the layout's type slots
     */
    public static Dl2Round start(ClusterSnapshot snapshot, List<JobView> jobs, List<String> jobTypes,
                                 ResizeSettings resize) {
        if (jobTypes.size() > Dl2Layout.MAX_JOB_TYPES) {
            throw new IllegalArgumentException("at most " + Dl2Layout.MAX_JOB_TYPES + " job types, got " + jobTypes.size());
        }
        GpuTypes types = GpuTypes.of(snapshot);
        Map<String, Integer> typeIndex = new HashMap<>();
        for (int i = 0; i < jobTypes.size(); i++) {
            typeIndex.putIfAbsent(jobTypes.get(i), i);
        }
        List<JobView> byArrival = new ArrayList<>(jobs);
        byArrival.sort(JobView.BY_ARRIVAL);
        List<JobView> slotted = List.copyOf(byArrival.subList(0, Math.min(Dl2Layout.SLOTS, byArrival.size())));
        Map<String, Node> nodesById = snapshot.nodesById();
        int[] heldType = new int[slotted.size()];
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
            heldType[s] = types.slotOf(job.allocation(), nodesById);
            if (heldType[s] >= 0) {
                fixed[base + Dl2Layout.HELD_TYPE_FEATURE + heldType[s]] = 1;
            }
            fixed[base + Dl2Layout.BATCH_FEATURE] = JobFeatures.batchPosition(job);
            fixed[base + Dl2Layout.EFFICIENCY_FEATURE] = JobFeatures.efficiency(job);
        }
        Dl2Round round = new Dl2Round(slotted, byArrival.size() - slotted.size(), snapshot.totalCapacity(),
                snapshot.totalAvailable(), types, heldType, fixed);
        ResizeHold hold = new ResizeHold(resize);
        for (int s = 0; s < slotted.size(); s++) {
            JobView job = slotted.get(s);
            if (heldType[s] >= 0 && hold.holds(job, snapshot.timeSec()) && round.grant(s, job.allocation().tasks(), heldType[s])) {
                round.held[s] = true;
                fixed[s * Dl2Layout.SLOT_FEATURES + Dl2Layout.HELD_FEATURE] = 1;
            }
        }
        return round;
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
            if (plannedType[s] >= 0) {
                out[base + Dl2Layout.PLANNED_TYPE_FEATURE + plannedType[s]] = 1;
            }
        }
        int global = Dl2Layout.SLOTS * Dl2Layout.SLOT_FEATURES;
        Arrays.fill(out, global, Dl2Layout.INPUT_SIZE, 0f);
        out[global] = fraction(free.gpus(), capacity.gpus());
        out[global + 1] = fraction(free.vcores(), capacity.vcores());
        out[global + 2] = fraction(free.memoryMb(), capacity.memoryMb());
        out[global + 3] = (float) Math.min(1.0, (double) backlog / Dl2Layout.SLOTS);
        int all = types.totalGpus();
        for (int t = 0; t < types.count(); t++) {
            out[global + Dl2Layout.FREE_TYPE_GLOBAL + t] = fraction(freeByType[t], types.capacity()[t]);
            out[global + Dl2Layout.TYPE_SHARE_GLOBAL + t] = fraction(types.capacity()[t], all);
        }
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
            for (int a = s * Dl2Layout.ACTIONS_PER_SLOT; a < (s + 1) * Dl2Layout.ACTIONS_PER_SLOT; a++) {
                if (isValid(s, Dl2Layout.kindOf(a), Dl2Layout.typeOf(a))) {
                    out[a] = true;
                    valid++;
                }
            }
        }
        out[Dl2Layout.STOP] = true;
        return valid;
    }

    /** True when {@code action} (not stop) may be applied now. */
    public boolean isValid(int action) {
        return action >= 0 && action < Dl2Layout.STOP
                && isValid(Dl2Layout.slotOf(action), Dl2Layout.kindOf(action), Dl2Layout.typeOf(action));
    }

    private boolean isValid(int slot, ActionKind kind, int type) {
        if (slot >= slotted.size() || held[slot] || type >= types.count()) {
            return false;
        }
        JobSpec spec = slotted.get(slot).spec();
        if (kind == ActionKind.MOVE) {
            return workers[slot] > 0 && plannedType[slot] != type
                    && spec.demandOf(new TaskCount(workers[slot], 0)).gpus() <= freeByType[type];
        }
        if (!spec.usesParameterServers() && kind != ActionKind.WORKER) {
            return false;
        }
        if (spec.usesParameterServers() && workers[slot] == 0 && ps[slot] == 0 && kind != ActionKind.BOTH) {
            return false;
        }
        if (workers[slot] + kind.workers() > spec.maxWorkers() || ps[slot] + kind.ps() > spec.maxPs()) {
            return false;
        }
        if (kind.workers() > 0 && ((plannedType[slot] >= 0 && plannedType[slot] != type)
                || spec.demandOf(new TaskCount(kind.workers(), 0)).gpus() > freeByType[type])) {
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
        int type = Dl2Layout.typeOf(action);
        if (kind == ActionKind.MOVE) {
            int gpus = slotted.get(slot).spec().demandOf(new TaskCount(workers[slot], 0)).gpus();
            freeByType[plannedType[slot]] += gpus;
            freeByType[type] -= gpus;
            plannedType[slot] = type;
            return;
        }
        take(slot, new TaskCount(kind.workers(), kind.ps()), kind.workers() > 0 ? type : -1);
    }

    /**
     * Gives every slotted job its minimum, in slot (arrival) order, while the cluster holds it: the
     * floor every DL2 round starts from ({@link Dl2Policy}). A job's minimum goes on the type it
     * holds where that has room, else on the type with the most free GPUs that holds it; a job whose
     * minimum fits nowhere is skipped and later, smaller ones still get theirs.
     *
     * @return how many jobs it started
     */
    public int grantMinimums() {
        int granted = 0;
        for (int s = 0; s < slotted.size(); s++) {
            JobSpec spec = slotted.get(s).spec();
            TaskCount missing = new TaskCount(Math.max(0, spec.minWorkers() - workers[s]), Math.max(0, spec.minPs() - ps[s]));
            if (missing.tasks() > 0 && !held[s] && grant(s, missing, typeFor(s, missing))) {
                granted++;
            }
        }
        return granted;
    }

    /** What slot {@code slot}'s job has been given so far this round. */
    public TaskCount planned(int slot) {
        return new TaskCount(workers[slot], ps[slot]);
    }

    /** The type slot planned for slot {@code slot}'s workers, or -1 while none is. */
    public int plannedType(int slot) {
        return plannedType[slot];
    }

    /** Whether slot {@code slot}'s job is held at what it holds ({@link ResizeHold}). */
    public boolean isHeld(int slot) {
        return held[slot];
    }

    /** The type slot of GPU type {@code name} in this round's cluster, or -1 where it has none. */
    public int typeSlotOf(String name) {
        return types.slotOf(name);
    }

    /**
     * The size each of {@code jobs} ends the round with: what it was given, or nothing when that is
     * below its minimum or it had no slot.
     */
    public List<TaskCount> targets(List<JobView> jobs) {
        Map<String, Integer> slots = slots();
        List<TaskCount> targets = new ArrayList<>(jobs.size());
        for (JobView job : jobs) {
            Integer s = slots.get(job.id());
            targets.add(s != null && runnable(s) ? planned(s) : TaskCount.NONE);
        }
        return targets;
    }

    /** The GPU type each of {@code jobs}' target ({@link #targets}) is on; null where it runs on none. */
    public List<String> gpuTypes(List<JobView> jobs) {
        Map<String, Integer> slots = slots();
        List<String> names = new ArrayList<>(jobs.size());
        for (JobView job : jobs) {
            Integer s = slots.get(job.id());
            names.add(s != null && runnable(s) && plannedType[s] >= 0 ? types.names().get(plannedType[s]) : null);
        }
        return names;
    }

    private Map<String, Integer> slots() {
        Map<String, Integer> bySlot = new HashMap<>();
        for (int s = 0; s < slotted.size(); s++) {
            bySlot.put(slotted.get(s).spec().id(), s);
        }
        return bySlot;
    }

    private boolean runnable(int s) {
        JobSpec spec = slotted.get(s).spec();
        return workers[s] >= spec.minWorkers() && ps[s] >= spec.minPs();
    }

    /** The type a job's minimum goes on: see {@link #grantMinimums()}; -1 where it needs no GPU type. */
    private int typeFor(int s, TaskCount tasks) {
        if (plannedType[s] >= 0 || tasks.workers() == 0) {
            return plannedType[s];
        }
        int gpus = slotted.get(s).spec().demandOf(new TaskCount(tasks.workers(), 0)).gpus();
        if (heldType[s] >= 0 && freeByType[heldType[s]] >= gpus) {
            return heldType[s];
        }
        int best = -1;
        for (int t = 0; t < types.count(); t++) {
            if (freeByType[t] >= gpus && (best < 0 || freeByType[t] > freeByType[best])) {
                best = t;
            }
        }
        return best;
    }

    /** Gives slot {@code s} {@code tasks}, its workers on type slot {@code type}, where they fit; false (nothing done) if not. */
    private boolean grant(int s, TaskCount tasks, int type) {
        JobSpec spec = slotted.get(s).spec();
        int gpus = spec.demandOf(new TaskCount(tasks.workers(), 0)).gpus();
        if (!spec.demandOf(tasks).fitsIn(free) || (gpus > 0 && (type < 0 || freeByType[type] < gpus))) {
            return false;
        }
        take(s, tasks, type);
        return true;
    }

    private void take(int s, TaskCount tasks, int type) {
        JobSpec spec = slotted.get(s).spec();
        workers[s] += tasks.workers();
        ps[s] += tasks.ps();
        free = free.minus(spec.demandOf(tasks));
        if (tasks.workers() > 0 && type >= 0) {
            freeByType[type] -= spec.demandOf(new TaskCount(tasks.workers(), 0)).gpus();
            plannedType[s] = type;
        }
    }

    private static float scaled(int tasks) {
        return (float) (tasks / Dl2Layout.TASK_SCALE);
    }

    private static float fraction(long part, long whole) {
        return whole > 0 ? (float) Math.max(0, (double) part / whole) : 0;
    }
}
