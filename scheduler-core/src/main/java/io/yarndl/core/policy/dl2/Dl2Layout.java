package io.yarndl.core.policy.dl2;

/**
 * The contract between the DL2 trainer and the scheduler: how a round's state becomes the
 * network's input vector and how its output vector maps to actions. A model's card names the
 * {@link #VERSION} it was trained for; the scheduler refuses any other. Change anything here and
 * the version must change with it (and every shipped model be retrained).
 *
 * <p>State (DL2, Peng et al. 2019, §4.1): {@link #SLOTS} job slots, filled with the jobs in arrival
 * order (jobs beyond them wait this round and are counted as backlog). Each slot holds
 * {@link #SLOT_FEATURES} floats:
 * <ol start="0">
 *   <li>0 to 11: job type, one-hot over the card's {@code jobTypes} (at most 11 names); a name the
 *       card does not list goes to bucket 11 ("other"). An empty slot is all zeros.</li>
 *   <li>12: time in system, {@code min(1, ln(1 + hours) / ln(1 + 168))}.</li>
 *   <li>13: progress, in [0, 1]: steps done over total steps for a fixed-steps goal; for a
 *       target-loss goal, how far the recent loss has come from the first one towards the target
 *       ({@link ProgressEstimate}).</li>
 *   <li>14: dominant share of the resources planned for the job so far this round.</li>
 *   <li>15, 16: workers and parameter servers planned so far this round, divided by
 *       {@link #TASK_SCALE}.</li>
 *   <li>17, 18: workers and parameter servers the job holds now (before this round), divided by
 *       {@link #TASK_SCALE}. Not in the paper: without them a policy cannot see what a resize
 *       would cost.</li>
 *   <li>19: workers the job asked for at submission, divided by {@link #TASK_SCALE}. Not in the
 *       paper either: it is the size the fairness teacher gives.</li>
 * </ol>
 * Then {@link #GLOBAL_FEATURES} floats for the cluster: the fraction of GPUs, vcores and memory
 * still free after what is planned so far, and the backlog over {@link #SLOTS} (at most 1).
 *
 * <p>Actions (DL2 §4.1): for slot {@code s}, {@code 3s} adds a worker, {@code 3s + 1} a parameter
 * server, {@code 3s + 2} both; {@link #STOP} ends the round. The policy applies actions one at a
 * time, re-encoding the state after each, until the network chooses stop or no action is valid.
 */
public final class Dl2Layout {

    /** Written in every model card; a card with another value is refused. */
    public static final String VERSION = "dl2-state-v1";

    public static final int SLOTS = 40;
    public static final int TYPE_BUCKETS = 12;
    /** The most job-type names a card may list: one bucket is kept for "other". */
    public static final int MAX_JOB_TYPES = TYPE_BUCKETS - 1;
    public static final int SLOT_FEATURES = 20;
    public static final int GLOBAL_FEATURES = 4;
    public static final int INPUT_SIZE = SLOTS * SLOT_FEATURES + GLOBAL_FEATURES;
    public static final int ACTIONS_PER_SLOT = 3;
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

    private Dl2Layout() {
    }

    /** The slot an action index refers to; undefined for {@link #STOP}. */
    public static int slotOf(int action) {
        return action / ACTIONS_PER_SLOT;
    }

    /** What an action index adds; undefined for {@link #STOP}. */
    public static ActionKind kindOf(int action) {
        return ActionKind.values()[action % ACTIONS_PER_SLOT];
    }

    /** The action index that adds {@code kind} to slot {@code slot}. */
    public static int action(int slot, ActionKind kind) {
        return slot * ACTIONS_PER_SLOT + kind.ordinal();
    }
}
