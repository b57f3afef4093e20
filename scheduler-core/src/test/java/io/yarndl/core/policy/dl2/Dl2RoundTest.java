package io.yarndl.core.policy.dl2;

import static io.yarndl.core.policy.dl2.ActionKind.BOTH;
import static io.yarndl.core.policy.dl2.ActionKind.PS;
import static io.yarndl.core.policy.dl2.ActionKind.WORKER;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The round state: action masks, applying actions, and the state vector, checked against the
 * positions {@link Dl2Layout}'s javadoc documents (literal indices on purpose: the trainer reads
 * the same documentation).
 */
class Dl2RoundTest {

    private static final List<String> TYPES = List.of("test-a", "test-b");
    /** 2 nodes of 4 GPUs: 8 GPUs, 32 vcores, 128 GiB in all. */
    private static final ClusterSnapshot CLUSTER = Clusters.uniform(2, 4);
    private static final int GLOBAL = 40 * 31;

    @Test
    void parameterServerJobWithNothingYetOnlyAcceptsBoth() {
        Dl2Round round = round(Jobs.job("a").parameterServers(1).workerRange(1, 4).build());

        assertFalse(round.isValid(Dl2Layout.action(0, WORKER)));
        assertFalse(round.isValid(Dl2Layout.action(0, PS)));
        assertTrue(round.isValid(Dl2Layout.action(0, BOTH)));
    }

    @Test
    void parameterServerJobWithTasksAcceptsEachKind() {
        Dl2Round round = round(Jobs.job("a").parameterServers(2).workerRange(1, 4).build());
        round.apply(Dl2Layout.action(0, BOTH));

        assertTrue(round.isValid(Dl2Layout.action(0, WORKER)));
        assertTrue(round.isValid(Dl2Layout.action(0, PS)));
        assertTrue(round.isValid(Dl2Layout.action(0, BOTH)));
    }

    @Test
    void allReduceJobOnlyAcceptsWorkers() {
        Dl2Round round = round(Jobs.job("a").workerRange(1, 4).build());

        assertTrue(round.isValid(Dl2Layout.action(0, WORKER)));
        assertFalse(round.isValid(Dl2Layout.action(0, PS)));
        assertFalse(round.isValid(Dl2Layout.action(0, BOTH)));
        round.apply(Dl2Layout.action(0, WORKER));
        assertFalse(round.isValid(Dl2Layout.action(0, PS)), "not even once it has a worker");
    }

    @Test
    void maximumWorkersAndServersBoundTheActions() {
        Dl2Round round = round(Jobs.job("a").parameterServers(2).workerRange(1, 3).build());

        round.apply(Dl2Layout.action(0, BOTH));
        round.apply(Dl2Layout.action(0, BOTH));
        assertEquals(new TaskCount(2, 2), round.planned(0));
        assertFalse(round.isValid(Dl2Layout.action(0, PS)), "at its 2 servers");
        assertFalse(round.isValid(Dl2Layout.action(0, BOTH)), "at its 2 servers");
        round.apply(Dl2Layout.action(0, WORKER));
        assertFalse(round.isValid(Dl2Layout.action(0, WORKER)), "at its 3 workers");
        boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];
        assertEquals(0, round.mask(valid));
    }

    @Test
    void actionWhoseTasksDoNotFitTheFreeTotalIsInvalid() {
        // 3-GPU workers on 8 GPUs: two fit the total, a third does not.
        Dl2Round round = round(Jobs.job("a").gpusPerWorker(3).workerRange(1, 8).build());

        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(0, WORKER));

        assertFalse(round.isValid(Dl2Layout.action(0, WORKER)));
    }

    @Test
    void actionIsInvalidWhenOneDimensionRunsOut() {
        // A server needs no GPU, but 20 vcores: one fits the 32 free vcores, then only 12 remain.
        Dl2Round round = round(Jobs.job("a").parameterServers(3).workerRange(1, 4)
                .psDemand(io.yarndl.core.cluster.Resources.of(0, 20, 1_024)).build());

        round.apply(Dl2Layout.action(0, BOTH));

        assertFalse(round.isValid(Dl2Layout.action(0, PS)));
        assertTrue(round.isValid(Dl2Layout.action(0, WORKER)), "a worker still fits");
    }

    @Test
    void applyChargesTheFreeTotalSoOtherJobsSeeLess() {
        JobView first = Jobs.job("a").workerRange(1, 8).submittedAt(0).build();
        JobView second = Jobs.job("b").workerRange(1, 8).submittedAt(1).build();
        Dl2Round round = round(first, second);

        for (int i = 0; i < 8; i++) {
            round.apply(Dl2Layout.action(0, WORKER));
        }

        assertFalse(round.isValid(Dl2Layout.action(1, WORKER)), "all 8 GPUs went to the first job");
        float[] state = encode(round);
        assertEquals(0f, state[GLOBAL], "no GPUs free");
    }

    @Test
    void applyRefusesInvalidActions() {
        Dl2Round round = round(Jobs.job("a").workerRange(1, 1).build());

        assertThrows(IllegalArgumentException.class, () -> round.apply(Dl2Layout.action(0, PS)));
        assertThrows(IllegalArgumentException.class, () -> round.apply(Dl2Layout.action(1, WORKER)), "empty slot");
        assertThrows(IllegalArgumentException.class, () -> round.apply(Dl2Layout.STOP));
        assertThrows(IllegalArgumentException.class, () -> round.apply(-1));
        round.apply(Dl2Layout.action(0, WORKER));
        assertThrows(IllegalArgumentException.class, () -> round.apply(Dl2Layout.action(0, WORKER)), "at its max");
        assertEquals(new TaskCount(1, 0), round.planned(0), "refused actions change nothing");
    }

    @Test
    void maskAlwaysAllowsStopAndCountsTheOtherValidActions() {
        Dl2Round round = round(Jobs.job("a").workerRange(1, 4).build(),
                Jobs.job("b").parameterServers(1).workerRange(1, 4).submittedAt(1).build());
        boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];
        Arrays.fill(valid, true);

        int count = round.mask(valid);

        assertEquals(2, count, "a's worker and b's worker-and-server");
        List<Integer> marked = new ArrayList<>();
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                marked.add(i);
            }
        }
        assertEquals(List.of(Dl2Layout.action(0, WORKER), Dl2Layout.action(1, BOTH), Dl2Layout.STOP), marked);
    }

    @Test
    void encodePutsEachSlotFeatureWhereTheLayoutDocumentsIt() {
        double now = 10 * 3600.0;
        JobView a = new JobView(Jobs.job("a").workers(3).workerRange(1, 6).spec(), 0,
                Jobs.job("a").runningOn("n0", 2, 0).build().allocation(),
                List.of(new ProgressSample(100, 100, 2.0, 1, 1, 0), new ProgressSample(200, 250, 1.5, 1, 1, 0)));
        JobView b = Jobs.job("b").parameterServers(1).workerRange(1, 4).submittedAt(now - 3600).build();
        Dl2Round round = Dl2Round.start(new ClusterSnapshot(now, CLUSTER.nodes()), List.of(b, a), TYPES);
        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(1, BOTH));

        float[] state = encode(round);

        float[] slotA = Arrays.copyOfRange(state, 0, 31);
        assertEquals(1f, slotA[0], "type one-hot: test-a is the card's first type");
        assertEquals(0f, sum(slotA, 1, 12), "nothing in the other type buckets");
        assertEquals((float) (Math.log1p(10) / Math.log1p(168)), slotA[12], 1e-6, "ten hours in the system");
        assertEquals(0.25f, slotA[13], 1e-6, "progress: 250 of 1,000 steps");
        assertEquals(0.25f, slotA[14], 1e-6, "share: 2 of 8 GPUs planned");
        assertEquals(2 / 16f, slotA[15], 1e-6, "planned workers");
        assertEquals(0f, slotA[16], "planned servers");
        assertEquals(2 / 16f, slotA[17], 1e-6, "running workers");
        assertEquals(0f, slotA[18], "running servers");
        assertEquals(3 / 16f, slotA[19], 1e-6, "requested workers");
        assertEquals(1f, slotA[20], "holds GPUs of the first (only) type");
        assertEquals(1f, slotA[24], "planned on the first type");
        assertEquals(0f, slotA[28], "a fixed batch sits at 0");
        assertEquals(1f, slotA[29], "no noise scale reported: efficiency 1");
        assertEquals(0f, slotA[30], "not held: no hold rule in this round");

        float[] slotB = Arrays.copyOfRange(state, 31, 62);
        assertEquals(1f, slotB[1], "type one-hot: test-b is the card's second type");
        assertEquals((float) (Math.log1p(1) / Math.log1p(168)), slotB[12], 1e-6, "one hour in the system");
        assertEquals(0f, slotB[13], "no progress reported");
        // A worker (1 GPU, 4 vcores, 16 GiB) and a server (2 vcores, 8 GiB): 6 of 32 vcores dominates.
        assertEquals(6 / 32f, slotB[14], 1e-6, "share");
        assertEquals(1 / 16f, slotB[15], 1e-6, "planned workers");
        assertEquals(1 / 16f, slotB[16], 1e-6, "planned servers");
        assertEquals(0f, slotB[17] + slotB[18], "queued: nothing running");
        assertEquals(1 / 16f, slotB[19], 1e-6, "requested workers");
        assertEquals(0f, sum(slotB, 20, 24), "holds no GPU type");
        assertEquals(1f, slotB[24], "planned on the first type");
    }

    @Test
    void encodePutsClusterFeaturesAfterTheSlots() {
        Dl2Round round = round(Jobs.job("a").workerRange(1, 6).build(),
                Jobs.job("b").parameterServers(1).workerRange(1, 4).submittedAt(1).build());
        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(1, BOTH));

        float[] state = encode(round);

        assertEquals(Dl2Layout.INPUT_SIZE, GLOBAL + 12);
        assertEquals(5 / 8f, state[GLOBAL], 1e-6, "free GPUs: 3 of 8 planned");
        assertEquals(18 / 32f, state[GLOBAL + 1], 1e-6, "free vcores: 3 workers and a server take 14");
        assertEquals((131_072 - 3 * 16_384 - 8_192) / 131_072f, state[GLOBAL + 2], 1e-6, "free memory");
        assertEquals(0f, state[GLOBAL + 3], "no backlog");
        assertEquals(5 / 8f, state[GLOBAL + 4], 1e-6, "free GPUs of the one type slot");
        assertEquals(0f, state[GLOBAL + 5] + state[GLOBAL + 6] + state[GLOBAL + 7], "no other types");
        assertEquals(1f, state[GLOBAL + 8], "the one type has all the GPUs");
        assertEquals(0f, state[GLOBAL + 9] + state[GLOBAL + 10] + state[GLOBAL + 11]);
    }

    @Test
    void encodeSendsTypesTheCardDoesNotListToTheOtherBucket() {
        Dl2Round round = round(Jobs.job("unlisted").build());

        float[] state = encode(round);

        assertEquals(1f, state[11], "bucket 11 is 'other'");
        assertEquals(1f, sum(state, 0, 12), "exactly one bucket set");
    }

    @Test
    void encodeLeavesEmptySlotsZero() {
        Dl2Round round = round(Jobs.job("a").build());
        float[] state = encode(round);
        Arrays.fill(state, 31, GLOBAL, 7f);

        round.encode(state);

        assertArrayEquals(new float[GLOBAL - 31], Arrays.copyOfRange(state, 31, GLOBAL),
                "slots 1 to 39 are overwritten with zeros, whatever the buffer held");
    }

    @Test
    void timeInSystemSaturatesAfterAWeekAndIsNeverNegative() {
        double week = 168 * 3600.0;
        JobView old = Jobs.job("a").submittedAt(0).build();
        JobView future = Jobs.job("b").submittedAt(3 * week).build();
        Dl2Round round = Dl2Round.start(new ClusterSnapshot(2 * week, CLUSTER.nodes()), List.of(old, future), TYPES);

        float[] state = encode(round);

        assertEquals(1f, state[12]);
        assertEquals(0f, state[31 + 12], "submitted after the snapshot: clock skew, not negative time");
    }

    @Test
    void jobsBeyondFortySlotsAreBacklogAndGetNothing() {
        List<JobView> jobs = new ArrayList<>();
        for (int i = 44; i >= 0; i--) {
            jobs.add(Jobs.job(String.format("j%02d", i)).submittedAt(i).build());
        }
        Dl2Round round = Dl2Round.start(Clusters.uniform(20, 8), jobs, TYPES);

        assertEquals(40, round.slotted().size());
        assertEquals("j00", round.slotted().get(0).id(), "earliest arrival in slot 0");
        assertEquals("j39", round.slotted().get(39).id());
        assertEquals(5 / 40f, encode(round)[GLOBAL + 3], 1e-6, "backlog");
        boolean[] valid = new boolean[Dl2Layout.OUTPUT_SIZE];
        while (round.mask(valid) > 0) {
            for (int action = 0; action < Dl2Layout.STOP; action++) {
                if (valid[action]) {
                    round.apply(action);
                    break;
                }
            }
        }
        List<TaskCount> targets = round.targets(jobs);
        for (int i = 0; i < jobs.size(); i++) {
            String id = jobs.get(i).id();
            TaskCount expected = id.compareTo("j40") >= 0 ? TaskCount.NONE : new TaskCount(1, 0);
            assertEquals(expected, targets.get(i), id);
        }
    }

    @Test
    void backlogFeatureIsAtMostOne() {
        List<JobView> jobs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            jobs.add(Jobs.job("j" + i).submittedAt(i).build());
        }

        assertEquals(1f, encode(Dl2Round.start(CLUSTER, jobs, TYPES))[GLOBAL + 3]);
    }

    @Test
    void targetsGiveNothingToJobsBelowTheirMinimum() {
        JobView elastic = Jobs.job("a").workerRange(3, 6).build();
        JobView twoServers = Jobs.job("b").parameterServers(2).workerRange(1, 4).submittedAt(1).build();
        Dl2Round round = round(elastic, twoServers);
        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(1, BOTH));

        assertEquals(List.of(TaskCount.NONE, TaskCount.NONE), round.targets(List.of(elastic, twoServers)));

        round.apply(Dl2Layout.action(0, WORKER));
        round.apply(Dl2Layout.action(1, PS));
        assertEquals(List.of(new TaskCount(3, 0), new TaskCount(1, 2)), round.targets(List.of(elastic, twoServers)));
        assertEquals(List.of(new TaskCount(1, 2), new TaskCount(3, 0)), round.targets(List.of(twoServers, elastic)),
                "in the order asked for");
    }

    private static Dl2Round round(JobView... jobs) {
        return Dl2Round.start(CLUSTER, List.of(jobs), TYPES);
    }

    private static float[] encode(Dl2Round round) {
        float[] state = new float[Dl2Layout.INPUT_SIZE];
        round.encode(state);
        return state;
    }

    private static float sum(float[] values, int from, int to) {
        float total = 0;
        for (int i = from; i < to; i++) {
            total += values[i];
        }
        return total;
    }
}
