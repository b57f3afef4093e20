package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Node;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.drf.DrfPolicy;
import io.yarndl.core.policy.dl2.Dl2Layout;
import io.yarndl.core.policy.dl2.Dl2Round;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.policy.sia.SiaPolicy;
import io.yarndl.sim.engine.SimConfig;
import io.yarndl.sim.engine.Simulator;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ClusterSpecSyntax;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TeacherRecorderTest {

    private static final ClusterSpec CLUSTER = new ClusterSpec(2, Resources.of(8, 64, 512 * 1024L), 16, "V100");
    private static final List<String> TYPES = RolloutsCommand.defaultJobTypes();

    /**
     * Runs {@code teacher} through a {@link TeacherRecorder} for a whole simulation and, every round,
     * replays the actions it recorded on a fresh {@link Dl2Round} from the same hold and minimum
     * floor DL2 starts from: no slotted job that is not held may end above the larger of the
     * teacher's size and its floor, a job the teacher runs ends at least at its minimum, one that
     * ends at the teacher's size ends on the teacher's GPU type, and the round ends with one stop.
     *
     * @return {slots checked, slots that ended exactly at the teacher's size and type}, both over the
     *         rounds where every held job kept what the teacher gave it
     */
    private static int[] replayEveryRound(SchedulingPolicy teacher, EpisodeWorkload workload) {
        return replayEveryRound(teacher, workload, CLUSTER);
    }

    private static int[] replayEveryRound(SchedulingPolicy teacher, EpisodeWorkload workload, ClusterSpec cluster) {
        List<Integer> actions = new ArrayList<>();
        List<Boolean> validWhenTaken = new ArrayList<>();
        TeacherRecorder recorder = new TeacherRecorder(teacher, TYPES, (timeSec, state, valid, action) -> {
            actions.add(action);
            validWhenTaken.add(valid[action]);
        });
        int[] slottedJobsChecked = {0, 0};
        SchedulingPolicy checking = new SchedulingPolicy() {
            @Override
            public String name() {
                return "replaying " + teacher.name();
            }

            @Override
            public Plan plan(ClusterSnapshot snapshot, List<JobView> jobs) {
                actions.clear();
                validWhenTaken.clear();
                Plan plan = recorder.plan(snapshot, jobs);

                assertEquals(Dl2Layout.STOP, actions.get(actions.size() - 1), "every round ends with stop");
                assertEquals(1, actions.stream().filter(a -> a == Dl2Layout.STOP).count(), "one stop per round");
                assertTrue(validWhenTaken.stream().allMatch(v -> v), "every recorded action was valid");
                Dl2Round replay = Dl2Round.start(snapshot, jobs, TYPES, ResizeSettings.DEFAULT);
                replay.grantMinimums();
                for (int action : actions.subList(0, actions.size() - 1)) {
                    replay.apply(action);
                }
                List<String> types = replay.gpuTypes(replay.slotted());
                Map<String, Node> nodes = snapshot.nodesById();
                // Where the teacher resized a held job, the room it freed or took is not the replay's: not exact.
                boolean heldKeepsRoom = false;
                for (int slot = 0; slot < replay.slotted().size(); slot++) {
                    JobPlan target = plan.target(replay.slotted().get(slot).id());
                    heldKeepsRoom |= replay.isHeld(slot)
                            && !replay.planned(slot).equals(new TaskCount(target.workers(), target.ps()));
                }
                for (int slot = 0; slot < replay.slotted().size(); slot++) {
                    var spec = replay.slotted().get(slot).spec();
                    JobPlan target = plan.target(spec.id());
                    TaskCount planned = replay.planned(slot);
                    String where = "slot " + slot + " at " + snapshot.timeSec() + " s: " + planned + " for " + target;
                    if (replay.isHeld(slot)) {
                        assertEquals(replay.slotted().get(slot).allocation().tasks(), planned, "held: " + where);
                        continue;
                    }
                    boolean sameSize = planned.equals(new TaskCount(target.workers(), target.ps()));
                    String teachersType = target.placement().byNode().keySet().stream().findFirst()
                            .map(id -> nodes.get(id).acceleratorType()).orElse(null);
                    if (sameSize && target.runs() && teachersType != null) {
                        assertEquals(teachersType, types.get(slot), "the teacher's GPU type: " + where);
                    }
                    assertTrue(planned.workers() <= Math.max(target.workers(), spec.minWorkers())
                            && planned.ps() <= Math.max(target.ps(), spec.minPs()), where);
                    if (target.runs() && planned.tasks() > 0) {
                        assertTrue(planned.workers() >= spec.minWorkers() && planned.ps() >= spec.minPs(), where);
                    }
                    if (!heldKeepsRoom) {
                        slottedJobsChecked[0]++;
                        slottedJobsChecked[1] += sameSize ? 1 : 0;
                    }
                }
                return plan;
            }
        };
        new Simulator(cluster, SimConfig.defaults(4)).run(checking, workload.jobs(cluster, 1.2, 12, 4).iterator(),
                outcome -> { });
        return slottedJobsChecked;
    }

    @Test
    void optimusPlansReplayToOptimusSizes() {
        // Optimus starts from the same floor (everyone's minimum in arrival order), so nothing differs
        // but the jobs the hold keeps (checked apart).
        for (EpisodeWorkload workload : List.of(EpisodeWorkload.SYNTHETIC, EpisodeWorkload.DL2)) {
            int[] checked = replayEveryRound(new OptimusPolicy(), workload);
            assertTrue(checked[0] > 0);
            assertEquals(checked[0], checked[1], workload + ": slots that ended at optimus's size");
        }
    }

    @Test
    void siaPlansOnAMixedClusterReplayWithTheirGpuTypes() {
        ClusterSpec mixed = ClusterSpec.ofGroups(ClusterSpecSyntax.parse("t4:2x4,a100:1x8"), 16);

        int[] checked = replayEveryRound(new SiaPolicy(), EpisodeWorkload.SYNTHETIC, mixed);

        assertTrue(checked[0] > 0);
        assertTrue(checked[1] >= 0.8 * checked[0], checked[1] + " of " + checked[0] + " slots ended at sia's size");
    }

    @Test
    void drfPlansReplayWithinTheirSizesAndMostlyExactly() {
        // DRF leaves some jobs waiting that the floor starts, so a job DRF ran can end smaller.
        int[] checked = replayEveryRound(new DrfPolicy(), EpisodeWorkload.DL2);
        assertTrue(checked[0] > 0);
        assertTrue(checked[1] >= 0.8 * checked[0], checked[1] + " of " + checked[0] + " slots ended at drf's size");
    }
}
