package io.yarndl.core.policy.smd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExplorationTest {

    private static final Resources WORKER = Resources.of(1, 4, 8192);

    private static JobView measuredAt(String id, int... workerCounts) {
        JobSpec spec = new JobSpec(id, "resnet-50", "carol", "root.dl", Framework.MXNET, Architecture.PARAMETER_SERVER,
                SyncMode.SYNCHRONOUS, WORKER, Resources.of(0, 2, 4096), 1, 4, 1, 2, 1, 1, 32, TrainingGoal.steps(1000));
        List<ProgressSample> samples = new ArrayList<>();
        for (int i = 0; i < workerCounts.length; i++) {
            samples.add(new ProgressSample(60.0 * (i + 1), 10L * (i + 1), 1.0, 2.0, workerCounts[i], 1));
        }
        return new JobView(spec, 0, Allocation.NONE, samples);
    }

    @Test
    void growsAJobMeasuredAtOneWorkerCountByOneWorkerIntoIdleRoom() {
        TaskCount[] sizes = {new TaskCount(1, 1)};
        boolean[] grown = Exploration.grow(List.of(measuredAt("a", 1, 1)), new boolean[] {true}, sizes,
                Resources.of(4, 16, 32_768));
        assertArrayEquals(new boolean[] {true}, grown);
        assertEquals(new TaskCount(2, 1), sizes[0]);
    }

    @Test
    void leavesJobsAloneWhenThereIsNoRoomOrTheyWereMeasuredAtTwoCountsOrMoveAnyway() {
        List<JobView> jobs = List.of(measuredAt("two-counts", 1, 2), measuredAt("moving", 1), measuredAt("no-room", 1));
        TaskCount[] sizes = {new TaskCount(2, 1), new TaskCount(3, 1), new TaskCount(1, 1)};
        boolean[] grown = Exploration.grow(jobs, new boolean[] {true, true, true}, sizes, Resources.of(0, 16, 32_768));
        assertArrayEquals(new boolean[] {false, false, false}, grown);
        assertEquals(new TaskCount(1, 1), sizes[2]);
    }

    @Test
    void servesJobsInArrivalOrderUntilTheRoomIsGone() {
        List<JobView> jobs = List.of(measuredAt("first", 1), measuredAt("second", 1));
        TaskCount[] sizes = {new TaskCount(1, 1), new TaskCount(1, 1)};
        boolean[] grown = Exploration.grow(jobs, new boolean[] {true, true}, sizes, Resources.of(1, 16, 32_768));
        assertArrayEquals(new boolean[] {true, false}, grown);
    }
}
