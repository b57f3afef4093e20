package io.yarndl.sim.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
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
import io.yarndl.sim.engine.SimConfig;
import io.yarndl.sim.engine.Simulator;
import io.yarndl.sim.workload.ClusterSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TeacherRecorderTest {

    private static final ClusterSpec CLUSTER = new ClusterSpec(2, Resources.of(8, 64, 512 * 1024L), 16, "V100");
    private static final List<String> TYPES = RolloutsCommand.defaultJobTypes();

    /**
     * Runs {@code teacher} through a {@link TeacherRecorder} for a whole simulation and, every round,
     * replays the actions it recorded on a fresh {@link Dl2Round}: each slotted job must end with the
     * teacher's size, and the round must end with one stop.
     */
    private static int replayEveryRound(SchedulingPolicy teacher, EpisodeWorkload workload) {
        List<Integer> actions = new ArrayList<>();
        List<Boolean> validWhenTaken = new ArrayList<>();
        TeacherRecorder recorder = new TeacherRecorder(teacher, TYPES, (timeSec, state, valid, action) -> {
            actions.add(action);
            validWhenTaken.add(valid[action]);
        });
        int[] slottedJobsChecked = {0};
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
                Dl2Round replay = Dl2Round.start(snapshot, jobs, TYPES);
                for (int action : actions.subList(0, actions.size() - 1)) {
                    replay.apply(action);
                }
                for (int slot = 0; slot < replay.slotted().size(); slot++) {
                    JobPlan target = plan.target(replay.slotted().get(slot).id());
                    assertEquals(new TaskCount(target.workers(), target.ps()), replay.planned(slot),
                            "slot " + slot + " at " + snapshot.timeSec() + " s");
                    slottedJobsChecked[0]++;
                }
                return plan;
            }
        };
        new Simulator(CLUSTER, SimConfig.defaults(4)).run(checking, workload.jobs(CLUSTER, 1.2, 12, 4).iterator(),
                outcome -> { });
        return slottedJobsChecked[0];
    }

    @Test
    void optimusPlansReplayToOptimusSizes() {
        assertTrue(replayEveryRound(new OptimusPolicy(), EpisodeWorkload.SYNTHETIC) > 0);
        assertTrue(replayEveryRound(new OptimusPolicy(), EpisodeWorkload.DL2) > 0);
    }

    @Test
    void drfPlansReplayToDrfSizes() {
        assertTrue(replayEveryRound(new DrfPolicy(), EpisodeWorkload.DL2) > 0);
    }
}
