package io.yarndl.core.policy.dl2;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.optimus.OptimusPolicy;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.Jobs;
import io.yarndl.core.testing.RandomWorkloads;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * DL2's safe fallback: with no model, a model the loader rejects, or a network that fails, returns
 * NaN or the wrong number of logits, the policy plans exactly as Optimus does (each reason prefixed
 * so operators see it), reports why once, and never asks a failed network again.
 */
class Dl2FallbackTest {

    private static final String FALLBACK = "dl2 fallback (optimus): ";

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
            jobs.addAll(ObservedJobs.of(random, 4));

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
            jobs.addAll(ObservedJobs.of(random, 1 + random.nextInt(5)));

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

    private static void assertSamePlanAsOptimus(Plan optimus, Plan dl2) {
        assertEquals("dl2", dl2.policy());
        assertEquals(List.copyOf(optimus.jobs().keySet()), List.copyOf(dl2.jobs().keySet()));
        for (JobPlan expected : optimus.jobs().values()) {
            JobPlan actual = dl2.jobs().get(expected.jobId());
            assertEquals(new JobPlan(expected.jobId(), expected.workers(), expected.ps(), expected.placement(),
                    FALLBACK + expected.reason()), actual);
        }
    }
}
