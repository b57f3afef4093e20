package io.yarndl.core.policy.dl2;

import static io.yarndl.core.policy.dl2.ActionKind.MOVE;
import static io.yarndl.core.policy.dl2.ActionKind.PS;
import static io.yarndl.core.policy.dl2.ActionKind.WORKER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Layout v2's additions to the round: GPU types (type slots in name order, workers on one type,
 * moves), the batch features and the no-thrash hold, at the positions {@link Dl2Layout} documents.
 */
class Dl2TypedRoundTest {

    private static final List<String> TYPES = List.of("test-a");
    private static final int GLOBAL = 40 * 31;
    /** 8 A100s and 4 T4s: type slot 0 is a100, slot 1 t4 (name order, not node order). */
    private static final ClusterSnapshot MIXED = Clusters.of(Clusters.typed("t", "t4", 4), Clusters.typed("a", "a100", 8));

    @Test
    void workersGoOnlyOnTheTypePlannedAndAMoveTakesThemAlong() {
        JobView job = Jobs.job("a").workerRange(1, 8).build();
        Dl2Round round = Dl2Round.start(MIXED, List.of(job), TYPES);
        round.grantMinimums();

        assertEquals(0, round.plannedType(0), "the minimum goes on the type with the most free GPUs: a100");
        assertTrue(round.isValid(Dl2Layout.action(0, WORKER, 0)));
        assertFalse(round.isValid(Dl2Layout.action(0, WORKER, 1)), "its workers are on a100");
        assertFalse(round.isValid(Dl2Layout.action(0, MOVE, 0)), "already there");
        assertFalse(round.isValid(Dl2Layout.action(0, WORKER, 2)), "no third type in this cluster");

        round.apply(Dl2Layout.action(0, WORKER, 0));
        round.apply(Dl2Layout.action(0, MOVE, 1));
        float[] state = encode(round);

        assertEquals(1, round.plannedType(0));
        assertEquals(List.of("t4"), round.gpuTypes(List.of(job)));
        assertEquals(List.of(new TaskCount(2, 0)), round.targets(List.of(job)));
        assertEquals(1f, state[24 + 1], "planned type one-hot: t4");
        assertEquals(1f, state[GLOBAL + 4], "every a100 free again");
        assertEquals(2 / 4f, state[GLOBAL + 5], 1e-6, "2 of 4 T4s planned");
        assertEquals(8 / 12f, state[GLOBAL + 8], 1e-6, "a100's share of the GPUs");
        assertEquals(4 / 12f, state[GLOBAL + 9], 1e-6);
    }

    @Test
    void aMoveNeedsRoomForEveryPlannedWorkerOnTheOtherType() {
        Dl2Round round = Dl2Round.start(MIXED, List.of(Jobs.job("a").workerRange(1, 8).build()), TYPES);
        for (int i = 0; i < 5; i++) {
            round.apply(Dl2Layout.action(0, WORKER, 0));
        }

        assertFalse(round.isValid(Dl2Layout.action(0, MOVE, 1)), "5 workers, 4 T4s");
    }

    @Test
    void aWorkerNeedsAFreeGpuOfItsType() {
        JobView big = Jobs.job("a").workerRange(1, 8).build();
        JobView small = Jobs.job("b").workerRange(1, 8).submittedAt(1).build();
        Dl2Round round = Dl2Round.start(MIXED, List.of(big, small), TYPES);
        for (int i = 0; i < 4; i++) {
            round.apply(Dl2Layout.action(0, WORKER, 1));
        }

        assertFalse(round.isValid(Dl2Layout.action(1, WORKER, 1)), "the T4s are all planned");
        assertTrue(round.isValid(Dl2Layout.action(1, WORKER, 0)));
    }

    @Test
    void aJobRecentlyResizedIsHeldAtWhatItHoldsAndTakesNoAction() {
        double now = 1_000;
        JobView fresh = new JobView(Jobs.job("a").workerRange(1, 8).spec(), 0,
                Jobs.job("a").runningOn("a", 2, 0).build().allocation(),
                List.of(new ProgressSample(now - 60, 10, 1.0, 1, 2, 0)));
        JobView settled = new JobView(Jobs.job("b").workerRange(1, 8).submittedAt(1).spec(), 1,
                Jobs.job("b").runningOn("t", 1, 0).build().allocation(),
                List.of(new ProgressSample(now - 600, 10, 1.0, 1, 1, 0), new ProgressSample(now - 60, 50, 1.0, 1, 1, 0)));
        Dl2Round round = Dl2Round.start(new ClusterSnapshot(now, MIXED.nodes()), List.of(fresh, settled), TYPES,
                ResizeSettings.DEFAULT);
        boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];
        round.mask(valid);
        float[] state = encode(round);

        assertTrue(round.isHeld(0), "60 s at its size, under 30 x the 5 s prior restart");
        assertEquals(new TaskCount(2, 0), round.planned(0));
        assertEquals(0, round.plannedType(0), "on the a100 it holds");
        for (int a = 0; a < Dl2Layout.ACTIONS_PER_SLOT; a++) {
            assertFalse(valid[a], "no action on a held job: " + a);
        }
        assertEquals(1f, state[30], "held flag");
        assertEquals(1f, state[20], "holds an a100");
        assertFalse(round.isHeld(1), "600 s at its size: past the 150 s hold");
        assertEquals(1f, state[31 + 21], "holds a T4");
        assertTrue(round.isValid(Dl2Layout.action(1, WORKER, 0)), "nothing planned yet: any type");
    }

    @Test
    void noJobIsHeldWithTheRuleOff() {
        JobView fresh = new JobView(Jobs.job("a").workerRange(1, 8).spec(), 0,
                Jobs.job("a").runningOn("a", 2, 0).build().allocation(), List.of(new ProgressSample(990, 10, 1.0, 1, 2, 0)));

        Dl2Round round = Dl2Round.start(new ClusterSnapshot(1_000, MIXED.nodes()), List.of(fresh), TYPES, ResizeSettings.OFF);

        assertFalse(round.isHeld(0));
        assertEquals(TaskCount.NONE, round.planned(0));
    }

    @Test
    void batchFeaturesSayWhereItsBatchLiesAndItsStatisticalEfficiencyThere() {
        JobSpec spec = Jobs.job("a").workerRange(1, 8).spec().withBatchLimits(new BatchLimits(64, 1024, 0));
        List<ProgressSample> samples = List.of(new ProgressSample(10, 10, 1.0, 1, 1, 0, "a100", 256, 512));
        JobView job = new JobView(spec, 0, Jobs.job("a").runningOn("a", 1, 0).build().allocation(), samples);

        float[] state = encode(Dl2Round.start(MIXED, List.of(job), TYPES));

        assertEquals(0.5f, state[28], 1e-6, "256 is halfway from 64 to 1024 on a log scale");
        double reference = spec.globalBatchSize();
        assertEquals((float) ((512 + reference) / (512 + 256)), state[29], 1e-6, "E(256) = (B + M0) / (B + M)");
    }

    @Test
    void aClusterWithMoreTypesThanTypeSlotsFailsTheRound() {
        ClusterSnapshot five = Clusters.of(Clusters.typed("1", "a", 1), Clusters.typed("2", "b", 1),
                Clusters.typed("3", "c", 1), Clusters.typed("4", "d", 1), Clusters.typed("5", "e", 1));

        ModelFailureException e = assertThrows(ModelFailureException.class,
                () -> Dl2Round.start(five, List.of(Jobs.job("a").build()), TYPES));
        assertTrue(e.getMessage().contains("5 GPU types"), e.getMessage());
    }

    @Test
    void actionIndicesRoundTrip() {
        for (int slot : new int[] {0, 39}) {
            for (ActionKind kind : List.of(WORKER, ActionKind.BOTH, MOVE)) {
                for (int type = 0; type < Dl2Layout.TYPE_SLOTS; type++) {
                    int action = Dl2Layout.action(slot, kind, type);
                    assertEquals(slot, Dl2Layout.slotOf(action));
                    assertEquals(kind, Dl2Layout.kindOf(action));
                    assertEquals(type, Dl2Layout.typeOf(action));
                }
            }
            int ps = Dl2Layout.action(slot, PS, 0);
            assertEquals(PS, Dl2Layout.kindOf(ps));
            assertEquals(-1, Dl2Layout.typeOf(ps));
        }
        assertEquals(Dl2Layout.STOP - 1, Dl2Layout.action(39, PS, 0));
    }

    private static float[] encode(Dl2Round round) {
        float[] state = new float[Dl2Layout.INPUT_SIZE];
        round.encode(state);
        return state;
    }
}
