package io.yarndl.core.policy.smd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.JobSpec;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.job.TrainingGoal;
import io.yarndl.core.placement.packing.PackingPlacement;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.resize.ResizeSettings;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.testing.PlanAssertions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SMD with the resize-cost rule: the knapsack moves a running job only where the forecast saving pays its charge. */
class SmdResizeCostTest {

    private static final Resources WORKER = Resources.of(1, 4, 16_384);
    private static final Resources SERVER = Resources.of(0, 2, 4_096);

    /**
     * A PS job of a model without a layer table, {@code steps} from its goal, running at 2 workers
     * and 1 server on node n0, measured at a few sizes where more workers help:
     * {@code 0.5 s (1 + 0.1 w) / w} a step.
     */
    private static JobView running(long steps, Restarts restarts) {
        JobSpec spec = new JobSpec("x", "my-private-model", "carol", "root.dl", Framework.MXNET,
                Architecture.PARAMETER_SERVER, SyncMode.SYNCHRONOUS, WORKER, SERVER, 1, 8, 1, 4, 1, 1, 32,
                TrainingGoal.steps(1_000 + steps));
        List<ProgressSample> samples = new ArrayList<>();
        int[][] sizes = {{1, 1}, {2, 1}, {2, 2}};
        for (int i = 0; i < sizes.length; i++) {
            samples.add(new ProgressSample(60.0 * (i + 1), 1_000L * (i + 1) / sizes.length, 1.0,
                    sizes[i][0] / (0.5 * (1 + 0.1 * sizes[i][0])), sizes[i][0], sizes[i][1]));
        }
        return new JobView(spec, 0, new Allocation(Map.of("n0", new TaskCount(2, 1))), samples, restarts);
    }

    private static JobPlan plan(ResizeSettings settings, JobView job) {
        ClusterSnapshot cluster = Clusters.uniform(2, 4);
        SmdPolicy policy = new SmdPolicy(new PackingPlacement(), SmdSettings.DEFAULT, settings);
        Plan plan = policy.plan(cluster, List.of(job));
        PlanAssertions.assertFeasible(cluster, List.of(job), plan);
        return plan.target(job.id());
    }

    @Test
    void keepsTheSizeARunningJobHoldsWhenTheSavingIsBelowItsCharge() {
        // 2,000 steps left at about 0.3 s a step: growing saves a few hundred seconds at most.
        JobView job = running(2_000, Restarts.NONE);

        JobPlan free = plan(ResizeSettings.OFF, job);
        JobPlan charged = plan(new ResizeSettings(60, 30), job);

        assertNotEquals(2, free.workers(), "without the rule the knapsack grows it: " + free);
        assertEquals(2, charged.workers(), charged.toString());
        assertEquals(1, charged.ps(), charged.toString());
    }

    @Test
    void resizesARunningJobWhenTheSavingExceedsItsCharge() {
        // 200,000 steps left: more workers save hours, far above 30 x 60 s.
        JobPlan decision = plan(new ResizeSettings(60, 30), running(200_000, Restarts.NONE));

        assertTrue(decision.workers() > 2, decision.toString());
        assertTrue(decision.reason().contains("a resize, paying its restart charge of 1800 s"), decision.reason());
    }

    @Test
    void weighsTheJobsOwnMeasuredRestartsOverThePrior() {
        JobView cheapRestarts = running(20_000, new Restarts(4, 4));
        JobView dearRestarts = running(20_000, new Restarts(1, 3_600));
        ResizeSettings settings = new ResizeSettings(600, 10);

        assertTrue(plan(settings, cheapRestarts).workers() > 2, "10 x 1 s measured is paid");
        assertEquals(2, plan(settings, dearRestarts).workers(), "10 x its one 3,600 s restart is not");
    }
}
