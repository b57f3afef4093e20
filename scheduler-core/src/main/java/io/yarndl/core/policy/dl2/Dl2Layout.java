package io.yarndl.core.policy.dl2;

/**
 * The contract between the DL2 trainer and the scheduler: how a round's state becomes the
 * network's input vector and how its output vector maps to actions. A model's card names the
 * {@link #VERSION} it was trained for; the scheduler refuses any other. Change anything here and
 * the version must change with it (and every shipped model be retrained).
 *
 * <p>State (DL2, Peng et al. 2019, §4.1, widened to GPU types and batch sizes as Pollux and Sia
 * schedule them): {@link #SLOTS} job slots, filled with the jobs in arrival order (jobs beyond them
 * wait this round and are counted as backlog). The cluster's GPU types fill {@link #TYPE_SLOTS} type
 * slots in name order ({@link GpuTypes}); a homogeneous cluster has one. Each job slot holds
 * {@link #SLOT_FEATURES} floats:
 * <ol start="0">
 *   <li>0 to 11: job type, one-hot over the card's {@code jobTypes} (at most 11 names); a name the
 *       card does not list goes to bucket 11 ("other"). An empty slot is all zeros.</li>
 *   <li>12: time in system, {@code min(1, ln(1 + hours) / ln(1 + 168))}.</li>
 *   <li>13: progress, in [0, 1] ({@link ProgressEstimate}).</li>
 *   <li>14: dominant share of the resources planned for the job so far this round.</li>
 *   <li>15, 16: workers and parameter servers planned so far this round, over {@link #TASK_SCALE}.</li>
 *   <li>17, 18: workers and parameter servers the job holds now, over {@link #TASK_SCALE}.</li>
 *   <li>19: workers the job asked for at submission, over {@link #TASK_SCALE}.</li>
 *   <li>20 to 23: the GPU type it holds now, one-hot over the type slots (zeros while it waits).</li>
 *   <li>24 to 27: the GPU type planned for it so far this round, one-hot (zeros while none).</li>
 *   <li>28: the batch it trains at, within its declared limits:
 *       {@code ln(batch / min) / ln(max / min)}, 0 for a job whose batch is fixed ({@link JobFeatures}).</li>
 *   <li>29: its statistical efficiency at that batch (Pollux's {@code E(M)},
 *       {@link io.yarndl.core.goodput.StatisticalEfficiency}), 1 while its noise scale is unknown.</li>
 *   <li>30: 1 while the job is held at its size by the no-thrash rule ({@link ResizeHold}).</li>
 * </ol>
 * Then {@link #GLOBAL_FEATURES} floats for the cluster: the fraction of GPUs, vcores and memory
 * still free after what is planned so far, the backlog over {@link #SLOTS} (at most 1); per type
 * slot the fraction of that type's GPUs still free; per type slot its share of the cluster's GPUs.
 *
 * <p>Actions, {@link #ACTIONS_PER_SLOT} per job slot {@code s} ({@link #action}): for each type slot
 * {@code t}, add a worker on type {@code t} ({@link ActionKind#WORKER}), add a worker on {@code t} and
 * a parameter server ({@link ActionKind#BOTH}), move what is planned so far to type {@code t}
 * ({@link ActionKind#MOVE}); then one to add a parameter server ({@link ActionKind#PS}, which holds
 * no GPU). {@link #STOP} ends the round. A job's GPU tasks are all on one type, so a worker action
 * is valid only on the type planned for it, or on any while none is. The batch is no action: it
 * follows the allocation, as the goodput model chooses it (Pollux, Sia), on the job's side. The
 * policy applies actions one at a time, re-encoding the state after each, until the network
 * chooses stop or no action is valid.
 */
public final class Dl2Layout {

    /** Written in every model card; a card with another value is refused. */
    public static final String VERSION = "dl2-state-v2";

    public static final int SLOTS = 40;
    public static final int TYPE_BUCKETS = 12;
    /** The most job-type names a card may list: one bucket is kept for "other". */
    public static final int MAX_JOB_TYPES = TYPE_BUCKETS - 1;
    /** GPU types the state distinguishes; a cluster with more is refused by {@link GpuTypes}. */
    public static final int TYPE_SLOTS = 4;
    public static final int SLOT_FEATURES = 31;
    public static final int GLOBAL_FEATURES = 4 + 2 * TYPE_SLOTS;
    public static final int INPUT_SIZE = SLOTS * SLOT_FEATURES + GLOBAL_FEATURES;
    /** Per type slot WORKER, BOTH and MOVE, then one PS. */
    public static final int ACTIONS_PER_SLOT = 3 * TYPE_SLOTS + 1;
    public static final int STOP = SLOTS * ACTIONS_PER_SLOT;
    public static final int OUTPUT_SIZE = STOP + 1;

    public static final double TASK_SCALE = 16.0;
    public static final double TIME_HORIZON_HOURS = 168.0;

    static final int TIME_FEATURE = 12;
    static final int PROGRESS_FEATURE = 13;
    static final int SHARE_FEATURE = 14;
    static final int PLANNED_WORKERS_FEATURE = 15;
    static final int PLANNED_PS_FEATURE = 16;
    static final int RUNNING_WORKERS_FEATURE = 17;
    static final int RUNNING_PS_FEATURE = 18;
    static final int REQUESTED_WORKERS_FEATURE = 19;
    static final int HELD_TYPE_FEATURE = 20;
    static final int PLANNED_TYPE_FEATURE = HELD_TYPE_FEATURE + TYPE_SLOTS;
    static final int BATCH_FEATURE = PLANNED_TYPE_FEATURE + TYPE_SLOTS;
    static final int EFFICIENCY_FEATURE = BATCH_FEATURE + 1;
    static final int HELD_FEATURE = EFFICIENCY_FEATURE + 1;

    static final int FREE_TYPE_GLOBAL = 4;
    static final int TYPE_SHARE_GLOBAL = FREE_TYPE_GLOBAL + TYPE_SLOTS;

    private Dl2Layout() {
    }

    /** The slot an action index refers to; undefined for {@link #STOP}. */
    public static int slotOf(int action) {
        return action / ACTIONS_PER_SLOT;
    }

    /** What an action index does; undefined for {@link #STOP}. */
    public static ActionKind kindOf(int action) {
        int within = action % ACTIONS_PER_SLOT;
        return within == ACTIONS_PER_SLOT - 1 ? ActionKind.PS : ActionKind.TYPED.get(within / TYPE_SLOTS);
    }

    /** The type slot an action index names; -1 for a {@link ActionKind#PS} action. */
    public static int typeOf(int action) {
        int within = action % ACTIONS_PER_SLOT;
        return within == ACTIONS_PER_SLOT - 1 ? -1 : within % TYPE_SLOTS;
    }

    /** The action index that does {@code kind} to slot {@code slot} on the first type slot (a homogeneous cluster's). */
    public static int action(int slot, ActionKind kind) {
        return action(slot, kind, 0);
    }

    /**
     * The action index that does {@code kind} to slot {@code slot} on type slot {@code type}
     * ({@code type} is ignored for {@link ActionKind#PS}).
     */
    public static int action(int slot, ActionKind kind, int type) {
        if (kind == ActionKind.PS) {
            return slot * ACTIONS_PER_SLOT + ACTIONS_PER_SLOT - 1;
        }
        if (type < 0 || type >= TYPE_SLOTS) {
            throw new IllegalArgumentException("type slot " + type + " is not in [0, " + TYPE_SLOTS + ")");
        }
        return slot * ACTIONS_PER_SLOT + ActionKind.TYPED.indexOf(kind) * TYPE_SLOTS + type;
    }
}
