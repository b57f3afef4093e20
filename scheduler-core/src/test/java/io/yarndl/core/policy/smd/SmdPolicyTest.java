package io.yarndl.core.policy.smd;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.PlanAssertions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SmdPolicyTest {

    private static final Resources WORKER = Resources.of(1, 4, 16_384);
    private static final Resources SERVER = Resources.of(0, 2, 4_096);

    /**
     * A PS job of {@code model} at step {@code step} of {@code total}, measured at a few sizes where
     * more workers help: {@code secondsPerStep (1 + 0.1 w) / w}.
     */
    private static JobView psJob(String id, String model, long step, long total, double secondsPerStep) {
        JobSpec spec = new JobSpec(id, model, "carol", "root.dl", Framework.MXNET, Architecture.PARAMETER_SERVER,
                SyncMode.SYNCHRONOUS, WORKER, SERVER, 1, 8, 1, 4, 1, 1, 32, TrainingGoal.steps(total));
        List<ProgressSample> samples = new ArrayList<>();
        int[][] sizes = {{1, 1}, {2, 1}, {2, 2}};
        for (int i = 0; i < sizes.length; i++) {
            samples.add(new ProgressSample(60.0 * (i + 1), step * (i + 1) / sizes.length, 1.0,
                    sizes[i][0] / (secondsPerStep * (1 + 0.1 * sizes[i][0])), sizes[i][0], sizes[i][1]));
        }
        return new JobView(spec, 0, Allocation.NONE, samples);
    }

    /** A ResNet-50 PS job of {@code minWorkers} to {@code maxWorkers} workers and 1 to {@code maxPs} servers. */
    private static JobSpec resnet(String id, int minWorkers, int maxWorkers, int maxPs, TrainingGoal goal) {
        return new JobSpec(id, "resnet-50", "carol", "root.dl", Framework.MXNET, Architecture.PARAMETER_SERVER,
                SyncMode.SYNCHRONOUS, WORKER, SERVER, minWorkers, maxWorkers, 1, maxPs, minWorkers, 1, 32, goal);
    }

    @Test
    void sizesTwoKnownPsJobsWithinTheClusterAndSaysHowTheirLayersSit() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        List<JobView> jobs = List.of(psJob("a", "resnet-50", 1_000, 100_000, 0.5),
                psJob("b", "vgg-16", 1_000, 50_000, 1.0));
        Plan plan = new SmdPolicy().plan(cluster, jobs);

        PlanAssertions.assertFeasible(cluster, jobs, plan);
        PlanAssertions.assertSizesWithinRange(jobs, plan);
        for (JobPlan decision : plan.jobs().values()) {
            assertTrue(decision.runs() && decision.ps() >= 1, decision.toString());
            assertTrue(decision.reason().contains("smd: "), decision.reason());
            assertTrue(decision.reason().contains("layers on "), decision.reason());
        }
    }

    @Test
    void growsAModelWithoutALayerTableOnOptimusFittedCurve() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        List<JobView> jobs = List.of(psJob("x", "my-private-model", 1_000, 100_000, 0.5));
        Plan plan = new SmdPolicy().plan(cluster, jobs);

        JobPlan decision = plan.target("x");
        assertTrue(decision.workers() > 1, "its fitted curve says more workers help: " + decision);
        assertTrue(decision.reason().contains("smd: "), decision.reason());
        assertTrue(!decision.reason().contains("layers on "), "no layer table, no layers: " + decision.reason());
    }

    @Test
    void keepsAJobWithoutSpeedsAtItsMinimum() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobSpec spec = resnet("new", 1, 8, 4, TrainingGoal.targetLoss(0.5));
        Plan plan = new SmdPolicy().plan(cluster, List.of(new JobView(spec, 0, Allocation.NONE, List.of())));

        JobPlan decision = plan.target("new");
        assertEquals(1, decision.workers());
        assertEquals(1, decision.ps());
        assertEquals("minimum size until its models fit", decision.reason());
    }

    @Test
    void keepsAFinishingJobThatGaveBackContainersWithinItsBounds() {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        JobSpec spec = resnet("ending", 2, 4, 2, TrainingGoal.steps(300));
        List<ProgressSample> samples = List.of(new ProgressSample(10, 100, 1.0, 10, 3, 2),
                new ProgressSample(20, 200, 0.9, 10, 3, 2), new ProgressSample(30, 300, 0.8, 10, 3, 2));
        // Its goal met, its AM has given back two of its three workers: one is left, below its minimum of two.
        JobView ending = new JobView(spec, 0, new Allocation(Map.of("n0", new TaskCount(1, 2))), samples);

        Plan plan = new SmdPolicy().plan(cluster, List.of(ending));

        PlanAssertions.assertFeasible(cluster, List.of(ending), plan);
        assertEquals(2, plan.target("ending").workers(), plan.target("ending").reason());
        assertEquals(2, plan.target("ending").ps());
    }

    @Test
    void isRegisteredUnderItsPapersName() {
        assertEquals(SmdPolicy.NAME, PolicyRegistry.standard().create("smd").name());
    }
}
