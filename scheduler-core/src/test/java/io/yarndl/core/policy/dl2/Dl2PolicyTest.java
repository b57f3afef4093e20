package io.yarndl.core.policy.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
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
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.PlanAssertions;
import io.yarndl.core.testing.RandomWorkloads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The DL2 policy end to end: plans from real ONNX models (the shipped one, asserted only to serve
 * feasibly; the fixtures, whose behaviour make_test_fixtures.py fixes) and from lambda networks,
 * and the fallback to Optimus when there is no model or the network fails.
 */
class Dl2PolicyTest {

    private static final String FALLBACK = "dl2 fallback (optimus): ";

    @Test
    void shippedModelServesAFeasiblePlanForAMixedWorkload() throws Exception {
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Model shipped = ModelLoader.loadShipped();
        Dl2Policy policy = Dl2Policy.serving(shipped, events);
        Random random = new Random(17);
        ClusterSnapshot cluster = Clusters.uniform(4, 8);
        List<JobView> jobs = new ArrayList<>(RandomWorkloads.jobs(random, cluster, 30));
        jobs.addAll(observedJobs(random, 5));

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
    void fallsBackToOptimusWhenTheNetworkFailsForThatRoundAndLaterOnes() {
        AtomicInteger calls = new AtomicInteger();
        Dl2Network failing = state -> {
            calls.incrementAndGet();
            throw new ModelFailureException("session closed");
        };
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Policy policy = Dl2Policy.serving(Dl2TestModels.of("failing", failing), events);
        OptimusPolicy optimus = new OptimusPolicy();
        // Room beyond what the held running jobs keep, so that the network is asked at all.
        ClusterSnapshot cluster = Clusters.uniform(16, 4);
        Random random = new Random(31);

        for (int round = 0; round < 3; round++) {
            List<JobView> jobs = new ArrayList<>(RandomWorkloads.jobs(random, cluster, 8));
            jobs.addAll(observedJobs(random, 4));

            Plan plan = policy.plan(cluster, jobs);

            assertSamePlanAsOptimus(optimus.plan(cluster, jobs), plan);
        }
        assertEquals(1, calls.get(), "the network is not asked again once it failed");
        assertEquals(1, events.fallbacks.size(), events.fallbacks.toString());
        String reason = events.fallbacks.get(0);
        assertTrue(reason.contains("test:failing") && reason.contains("session closed"), reason);
        assertEquals(reason, policy.fallbackReason());
        assertFalse(policy.isServing());
        assertNull(policy.modelVersion());
    }

    @Test
    void fallsBackWhenTheNetworkReturnsNan() {
        float[] nan = new float[Dl2Layout.OUTPUT_SIZE];
        Arrays.fill(nan, Float.NaN);
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Policy policy = Dl2Policy.serving(Dl2TestModels.of("nan", state -> nan), events);
        List<JobView> jobs = List.of(Jobs.job("a").workerRange(1, 4).build());

        Plan plan = policy.plan(Clusters.uniform(2, 4), jobs);

        assertEquals(List.of(policy.fallbackReason()), events.fallbacks);
        assertTrue(policy.fallbackReason().contains("NaN"), policy.fallbackReason());
        assertTrue(plan.target("a").reason().startsWith(FALLBACK), plan.target("a").reason());
        assertTrue(plan.target("a").runs(), "optimus gives it its minimum");
    }

    @Test
    void fallsBackWhenTheNetworkReturnsTheWrongNumberOfLogits() {
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Policy policy = Dl2Policy.serving(Dl2TestModels.of("short", state -> new float[5]), events);

        policy.plan(Clusters.uniform(2, 4), List.of(Jobs.job("a").workerRange(1, 4).build()));

        assertEquals(1, events.fallbacks.size());
        assertTrue(events.fallbacks.get(0).contains("returned 5 logits, not 521"), events.fallbacks.get(0));
    }

    @Test
    void fallingBackPlansLikeOptimus() {
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();
        Dl2Policy policy = Dl2Policy.fallingBack("model file /models/dl2.onnx does not exist", events);
        OptimusPolicy optimus = new OptimusPolicy();
        Random random = new Random(37);

        for (int round = 0; round < 5; round++) {
            ClusterSnapshot cluster = Clusters.random(random);
            List<JobView> jobs = new ArrayList<>(RandomWorkloads.jobs(random, cluster, 1 + random.nextInt(15)));
            jobs.addAll(observedJobs(random, 1 + random.nextInt(5)));

            assertSamePlanAsOptimus(optimus.plan(cluster, jobs), policy.plan(cluster, jobs));
        }
        assertEquals(List.of("model file /models/dl2.onnx does not exist"), events.fallbacks);
        assertEquals(List.of(), events.served);
        assertFalse(policy.isServing());
    }

    @Test
    void loadFallsBackWithTheLoadersReason() {
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();

        Dl2Policy policy = Dl2Policy.load(() -> {
            throw new ModelRejectedException("model card /m/x.json does not exist");
        }, events);

        assertFalse(policy.isServing());
        assertEquals(List.of("model card /m/x.json does not exist"), events.fallbacks);
    }

    @Test
    void loadServesAModelThatVerifies() {
        Dl2TestModels.RecordingEvents events = new Dl2TestModels.RecordingEvents();

        Dl2Policy policy = Dl2Policy.load(OnceLoadedModel.file(Dl2TestModels.fixture("always-stop.onnx")), events);

        assertTrue(policy.isServing());
        assertEquals(1, events.served.size());
        assertTrue(policy.modelVersion().startsWith("test-always-stop@"), policy.modelVersion());
    }

    @Test
    void registryBuildsDl2ServingTheShippedModel() {
        Dl2Policy policy = (Dl2Policy) PolicyRegistry.standard().create(Dl2Policy.NAME);

        assertTrue(policy.isServing(), String.valueOf(policy.fallbackReason()));
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

    private static void assertSamePlanAsOptimus(Plan optimus, Plan dl2) {
        assertEquals("dl2", dl2.policy());
        assertEquals(List.copyOf(optimus.jobs().keySet()), List.copyOf(dl2.jobs().keySet()));
        for (JobPlan expected : optimus.jobs().values()) {
            JobPlan actual = dl2.jobs().get(expected.jobId());
            assertEquals(new JobPlan(expected.jobId(), expected.workers(), expected.ps(), expected.placement(),
                    FALLBACK + expected.reason()), actual);
        }
    }

    private static float[] randomLogits(Random random) {
        float[] logits = new float[Dl2Layout.OUTPUT_SIZE];
        for (int i = 0; i < logits.length; i++) {
            logits[i] = (float) random.nextGaussian();
        }
        return logits;
    }

    /**
     * Jobs that have reported a loss curve and speeds at 1, 2 and 4 workers, so Optimus has models
     * to fit and the fallback's plan is more than minimums.
     */
    private static List<JobView> observedJobs(Random random, int count) {
        List<JobView> jobs = new ArrayList<>(count);
        for (int j = 0; j < count; j++) {
            String id = "observed-" + j + "-" + random.nextInt(1_000_000);
            double efficiency = 0.3 + 0.7 * random.nextDouble();
            JobSpec spec = new JobSpec(id, "resnet-50", "erin", "root.dl", Framework.PYTORCH, Architecture.ALLREDUCE,
                    SyncMode.SYNCHRONOUS, Clusters.gpus(1), Resources.ZERO, 1, 2 + random.nextInt(7), 0, 0, 1, 0,
                    64, TrainingGoal.targetLoss(0.6));
            double b0 = (1 / 0.1 - 0.5) / (10_000 + random.nextInt(40_000));
            List<ProgressSample> samples = new ArrayList<>();
            int[] configs = {1, 2, 4};
            for (int i = 1; i <= 24; i++) {
                long step = 100L * i;
                int w = configs[i % configs.length];
                samples.add(new ProgressSample(60.0 * i, step, 1 / (b0 * step + 0.5) + 0.5,
                        10 * Math.pow(w, efficiency), w, 0));
            }
            jobs.add(new JobView(spec, 50 + j, Allocation.NONE, samples));
        }
        return jobs;
    }
}
