package io.yarndl.sim.dl2;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.dl2.ActionKind;
import io.yarndl.core.policy.dl2.DecisionRecorder;
import io.yarndl.core.policy.dl2.Dl2Layout;
import io.yarndl.core.policy.dl2.Dl2Round;
import io.yarndl.core.policy.resize.ResizeSettings;
import java.util.List;
import java.util.Map;

/**
 * Runs a teacher policy (optimus, drf, ...) and tells a {@link DecisionRecorder} the DL2 actions
 * that would have built the teacher's plan, for DL2's supervised warm-up (Peng et al. 2019, §4.2:
 * the network first learns to imitate an existing scheduler). The plan applied is the teacher's.
 *
 * <p>Each round starts a {@link Dl2Round} on the same snapshot and jobs (with the same no-thrash
 * hold the served policy has) and walks the slots in order; for each slotted job whose teacher
 * placed its workers on another GPU type than the floor did it first records {@link ActionKind#MOVE}
 * to that type; then it adds {@link ActionKind#BOTH} while the job's workers and servers are both
 * below the teacher's target, then {@link ActionKind#WORKER} while workers are, then
 * {@link ActionKind#PS} while servers are, each on the teacher's type and only while valid,
 * recording the state, the valid actions and the action before applying it; then it records
 * {@link Dl2Layout#STOP}. A job the teacher runs beyond DL2's 40 slots cannot be expressed and is
 * left out of the actions; a parameter-server job given workers but no server likewise gets none;
 * a held job's slot takes no action.
 *
 * <p>Not thread-safe, like the policies: one per episode.
 */
final class TeacherRecorder implements SchedulingPolicy {

    /** Pairs first, as a parameter-server job must start with one of each; then what is left over. */
    private static final List<ActionKind> TEACHING_ORDER = List.of(ActionKind.BOTH, ActionKind.WORKER, ActionKind.PS);

    private final SchedulingPolicy teacher;
    private final List<String> jobTypes;
    private final DecisionRecorder recorder;
    private final float[] state = new float[Dl2Layout.INPUT_SIZE];
    private final boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];

    /**
     * @param teacher  the policy whose plans are applied and recorded
     * @param jobTypes the job-type buckets of the state encoding (a model card's list)
     * @param recorder hears every step
     */
    TeacherRecorder(SchedulingPolicy teacher, List<String> jobTypes, DecisionRecorder recorder) {
        this.teacher = teacher;
        this.jobTypes = List.copyOf(jobTypes);
        this.recorder = recorder;
    }

    @Override
    public String name() {
        return teacher.name();
    }

    @Override
    public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
        Plan plan = teacher.plan(snapshot, jobs);
        Dl2Round round = Dl2Round.start(snapshot, jobs, jobTypes, ResizeSettings.DEFAULT);
        // The same floor the served policy starts from: only what the teacher gives beyond it is taught.
        round.grantMinimums();
        Map<String, Node> nodesById = snapshot.nodesById();
        for (int slot = 0; slot < round.slotted().size(); slot++) {
            JobPlan target = plan.target(round.slotted().get(slot).id());
            int type = teachersType(round, slot, target, nodesById);
            if (type >= 0 && round.plannedType(slot) >= 0 && round.plannedType(slot) != type) {
                step(snapshot, round, slot, ActionKind.MOVE, type);
            }
            for (ActionKind kind : TEACHING_ORDER) {
                boolean added = true;
                while (added && below(round, slot, target, kind)) {
                    added = step(snapshot, round, slot, kind, type);
                }
            }
        }
        round.encode(state);
        round.mask(valid);
        recorder.decided(snapshot.timeSec(), state, valid, Dl2Layout.STOP);
        return plan;
    }

    /** True when adding {@code kind} keeps the slot within the teacher's target in every part it adds. */
    private static boolean below(Dl2Round round, int slot, JobPlan target, ActionKind kind) {
        int workers = round.planned(slot).workers();
        int ps = round.planned(slot).ps();
        return (kind.workers() == 0 || workers < target.workers()) && (kind.ps() == 0 || ps < target.ps());
    }

    /**
     * The type slot of the GPUs the teacher placed the job's workers on; where it placed none (it
     * waits, or the teacher leaves placement to the driver), the type planned so far, else the first.
     */
    private static int teachersType(Dl2Round round, int slot, JobPlan target, Map<String, Node> nodesById) {
        for (String nodeId : target.placement().byNode().keySet()) {
            Node node = nodesById.get(nodeId);
            if (node != null && node.capacity().gpus() > 0 && round.typeSlotOf(node.acceleratorType()) >= 0) {
                return round.typeSlotOf(node.acceleratorType());
            }
        }
        return Math.max(0, round.plannedType(slot));
    }

    /** Records and applies {@code kind} on {@code slot} (on type slot {@code type}) if it is valid now; false (nothing done) if not. */
    private boolean step(ClusterSnapshot snapshot, Dl2Round round, int slot, ActionKind kind, int type) {
        int action = Dl2Layout.action(slot, kind, type);
        if (!round.isValid(action)) {
            return false;
        }
        round.encode(state);
        round.mask(valid);
        recorder.decided(snapshot.timeSec(), state, valid, action);
        round.apply(action);
        return true;
    }
}
