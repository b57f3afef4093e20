package io.yarndl.core.policy.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.PlanAssertions;
import io.yarndl.core.testing.RandomWorkloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The DL2 policy end to end: plans from real ONNX models (the shipped one, asserted only to serve
 * feasibly; the fixtures, whose behaviour make_test_fixtures.py fixes) and from lambda networks,
 * and how it decides (floors, slots, holds, what training records). Its fallback to Optimus is
 * {@link Dl2FallbackTest}'s.
 */
class Dl2PolicyTest {

    @Test
    void shippedModelServesAFeasiblePlanForAMixedWorkload() throws Exception {
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Model shipped = ModelLoader.loadShipped();
        Dl2Policy policy = Dl2Policy.serving(shipped, events);
        Random random = new Random(17);
        ClusterSnapshot cluster = Clusters.uniform(4, 8);
        List<JobView> jobs = new ArrayList<>(RandomWorkloads.jobs(random, cluster, 30));
        jobs.addAll(ObservedJobs.of(random, 5));

        Plan plan = policy.plan(cluster, jobs);

        assertEquals(List.of(shipped), events.served);
        assertEquals(List.of(), events.fallbacks);
        assertTrue(policy.isServing());
        assertEquals("dl2", plan.policy());
        PlanAssertions.assertFeasible(cluster, jobs, plan);
        PlanAssertions.assertSizesWithinRange(jobs, plan);
        for (JobPlan decision : plan.jobs().values()) {
            assertTrue(decision.reason().contains("model " + shipped.version()), decision.reason());
        }
    }

    @Test
    void anyNetworkOutputGivesAFeasiblePlan() {
        Random random = new Random(23);
        Dl2Policy policy = Dl2Policy.serving(Dl2TestModels.of("random", state -> randomLogits(random)),
                Dl2Events.NONE);
        for (int trial = 0; trial < 100; trial++) {
            ClusterSnapshot cluster = Clusters.random(random);
            List<JobView> jobs = RandomWorkloads.jobs(random, cluster, 1 + random.nextInt(50));

            Plan plan = policy.plan(cluster, jobs);

            assertTrue(policy.isServing(), "trial " + trial);
            PlanAssertions.assertFeasible(cluster, jobs, plan);
            PlanAssertions.assertSizesWithinRange(jobs, plan);
            Resources planned = Resources.ZERO;
            for (JobView job : jobs) {
                JobPlan decision = plan.target(job.id());
                planned = planned.plus(job.spec().workerDemand().times(decision.workers()))
                        .plus(job.spec().psDemand().times(decision.ps()));
            }
            assertTrue(planned.fitsIn(cluster.totalAvailable()), "trial " + trial + ": " + planned);
        }
    }

    @Test
    void alwaysStopModelLeavesEveryJobAtTheMinimumFloorButAHeldOneAtWhatItHolds() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        List<JobView> jobs = List.of(Jobs.job("a").workerRange(1, 4).runningOn("n0", 2, 0).build(),
                Jobs.job("b").parameterServers(1).workerRange(1, 2).submittedAt(5).build(),
                Jobs.job("c").workerRange(1, 4).submittedAt(6).build());
        Dl2Policy policy = Dl2Policy.deciding(Dl2TestModels.load("always-stop.onnx"), ActionChooser.greedy(), Dl2Events.NONE);

        Plan plan = policy.plan(cluster, jobs);

        assertEquals(new TaskCount(2, 0), plan.target("a").placement().tasks(),
                "a has just started at 2 workers: the no-thrash hold keeps it there " + plan.target("a"));
        assertEquals(new TaskCount(1, 0), plan.target("c").placement().tasks(), plan.target("c").toString());
        assertEquals(new TaskCount(1, 1), plan.target("b").placement().tasks(), plan.target("b").toString());
        for (JobPlan decision : plan.jobs().values()) {
            assertTrue(decision.reason().contains("(0 actions, model test-always-stop@"), decision.reason());
        }
    }

    @Test
    void minimumFloorSkipsAJobThatDoesNotFitAndStartsLaterSmallerOnes() {
        ClusterSnapshot cluster = Clusters.uniform(1, 4);
        List<JobView> jobs = List.of(Jobs.job("big").workerRange(4, 4).runningOn("n0", 4, 0).build(),
                Jobs.job("huge").workerRange(8, 8).submittedAt(1).build(),
                Jobs.job("small").workerRange(1, 1).submittedAt(2).build());
        Dl2Policy policy = Dl2Policy.deciding(Dl2TestModels.load("always-stop.onnx"), ActionChooser.greedy(), Dl2Events.NONE);

        Plan plan = policy.plan(cluster, jobs);

        assertEquals(4, plan.target("big").workers());
        assertFalse(plan.target("huge").runs());
        assertFalse(plan.target("small").runs(), "the 4 GPUs are the big job's: nothing is left for small");
    }

    @Test
    void slotZeroModelGivesTheEarliestJobItsMaximumAndOthersTheirMinimum() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView late = Jobs.job("late").workerRange(1, 4).submittedAt(10).build();
        JobView early = Jobs.job("early").workerRange(1, 6).submittedAt(0).build();
        Dl2Policy policy = Dl2Policy.deciding(Dl2TestModels.load("prefers-slot0.onnx"), ActionChooser.greedy(), Dl2Events.NONE);

        Plan plan = policy.plan(cluster, List.of(late, early));

        assertEquals(6, plan.target("early").workers());
        assertTrue(plan.target("early").reason().startsWith("dl2 gave 6w/0ps (5 actions"), plan.target("early").reason());
        assertEquals(1, plan.target("late").workers(), "the late job keeps the floor's minimum");
        PlanAssertions.assertFeasible(cluster, List.of(late, early), plan);
    }

    @Test
    void slotZeroModelStopsWhenTheClusterIsFull() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobView big = Jobs.job("big").workerRange(1, 16).build();
        Dl2Policy policy = Dl2Policy.deciding(Dl2TestModels.load("prefers-slot0.onnx"), ActionChooser.greedy(), Dl2Events.NONE);

        assertEquals(8, policy.plan(cluster, List.of(big)).target("big").workers());
    }

    @Test
    void workerOnlyPreferenceGrowsAParameterServerJobFromItsFloor() {
        // The floor gives the job a worker and a server; from there slot 0's worker action is valid.
        JobView ps = Jobs.job("ps").parameterServers(1).workerRange(1, 4).build();
        Dl2Policy policy = Dl2Policy.deciding(Dl2TestModels.load("prefers-slot0.onnx"), ActionChooser.greedy(), Dl2Events.NONE);

        JobPlan target = policy.plan(Clusters.uniform(2, 4), List.of(ps)).target("ps");
        assertEquals(4, target.workers(), target.toString());
        assertEquals(1, target.ps(), target.toString());
    }

    @Test
    void trainingPolicyRecordsEveryChoiceWithItsStateAndMask() {
        JobView first = Jobs.job("a").workerRange(1, 3).build();
        JobView second = Jobs.job("b").submittedAt(1).build();
        List<float[]> states = new ArrayList<>();
        List<Integer> actions = new ArrayList<>();
        List<Integer> validCounts = new ArrayList<>();
        Dl2Policy policy = Dl2Policy.training(Dl2TestModels.load("prefers-slot0.onnx"), ActionChooser.greedy(),
                (time, state, valid, action) -> {
                    states.add(state.clone());
                    actions.add(action);
                    int count = 0;
                    for (boolean v : valid) {
                        count += v ? 1 : 0;
                    }
                    validCounts.add(count);
                });

        policy.plan(Clusters.uniform(2, 4), List.of(first, second));

        assertEquals(List.of(0, 0), actions, "a grows from its floor of 1 to its maximum; then only stop is left");
        assertEquals(List.of(2, 2), validCounts, "a's worker and stop (b is at its maximum from the floor)");
        for (int i = 0; i < states.size(); i++) {
            assertEquals((i + 1) / 16f, states.get(i)[15], 1e-6, "planned workers seen before decision " + i);
        }
    }

    @Test
    void reportsTheLatencyOfEveryNetworkCall() {
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Policy policy = Dl2Policy.deciding(Dl2TestModels.load("prefers-slot0.onnx"), ActionChooser.greedy(), events);

        policy.plan(Clusters.uniform(2, 4), List.of(Jobs.job("a").workerRange(1, 3).build(),
                Jobs.job("b").submittedAt(1).build()));

        assertEquals(2, events.inferenceNanos.size(), "two decisions, two calls: " + events.inferenceNanos);
        assertTrue(events.inferenceNanos.stream().allMatch(nanos -> nanos > 0), events.inferenceNanos.toString());
    }

    @Test
    void roundEndsWithoutAskingTheNetworkWhenOnlyStopIsLeft() {
        List<Integer> actions = new ArrayList<>();
        Dl2Policy policy = Dl2Policy.training(Dl2TestModels.load("prefers-slot0.onnx"), ActionChooser.greedy(),
                (time, state, valid, action) -> actions.add(action));

        Plan plan = policy.plan(Clusters.uniform(2, 4), List.of(Jobs.job("a").workerRange(1, 2).build()));

        assertEquals(List.of(0), actions, "a forced stop is no choice: nothing to record or learn from");
        assertEquals(2, plan.target("a").workers());
    }

    @Test
    void servingGivesTheSamePlanForTheSameModelSnapshotAndJobsAndSamplesEachRoundAfresh() throws Exception {
        Dl2Model shipped = ModelLoader.loadShipped();
        ClusterSnapshot cluster = Clusters.uniform(4, 8);
        // Few, elastic and waiting: room beyond the minimums, and no job the no-thrash hold keeps.
        List<JobView> jobs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            jobs.add(Jobs.job("j" + i).workerRange(1, 8).submittedAt(i).build());
        }

        Plan first = Dl2Policy.serving(shipped, Dl2Events.NONE).plan(cluster, jobs);
        Plan again = Dl2Policy.serving(shipped, Dl2Events.NONE).plan(cluster, jobs);

        assertEquals(first, again, "sampling is seeded by the model and the snapshot, nothing else");
        Dl2Policy policy = Dl2Policy.serving(shipped, Dl2Events.NONE);
        boolean anyDiffers = false;
        for (int round = 1; round <= 20 && !anyDiffers; round++) {
            ClusterSnapshot later = new ClusterSnapshot(round * 600.0, cluster.nodes());
            anyDiffers = !sizes(policy.plan(later, jobs)).equals(sizes(policy.plan(cluster, jobs)));
        }
        assertTrue(anyDiffers, "rounds at other times draw other samples");
    }

    private static Map<String, TaskCount> sizes(Plan plan) {
        Map<String, TaskCount> sizes = new java.util.TreeMap<>();
        plan.jobs().forEach((id, decision) -> sizes.put(id, new TaskCount(decision.workers(), decision.ps())));
        return sizes;
    }

    @Test
    void planWithNoJobsIsEmptyAndAsksTheNetworkNothing() {
        AtomicInteger calls = new AtomicInteger();
        Dl2Policy policy = Dl2Policy.serving(Dl2TestModels.of("counting", state -> {
            calls.incrementAndGet();
            return new float[Dl2Layout.OUTPUT_SIZE];
        }), Dl2Events.NONE);

        assertTrue(policy.plan(Clusters.uniform(2, 4), List.of()).jobs().isEmpty());
        assertEquals(0, calls.get());
    }

    private static float[] randomLogits(Random random) {
        float[] logits = new float[Dl2Layout.OUTPUT_SIZE];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = (float) random.nextGaussian();
        }
        return logits;
    }
}
