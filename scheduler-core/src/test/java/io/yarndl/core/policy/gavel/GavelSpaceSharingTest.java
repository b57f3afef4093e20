package io.yarndl.core.policy.gavel;

import static io.yarndl.core.testing.Clusters.typed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.InvalidPlanException;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PlanValidator;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.SchedulingPolicy;
import io.yarndl.core.policy.UnknownPolicyException;
import io.yarndl.core.testing.Jobs;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Gavel's {@code -packed} policies: two jobs on the same GPUs where Gavel measured that they gain. */
class GavelSpaceSharingTest {

    /** On a V100, A3C keeps 93% of its speed alone beside Transformer, which keeps 82%: together 1.75x. */
    private static final String A3C = "A3C";
    private static final String TRANSFORMER = "Transformer (batch size 16)";
    /** Half a one-GPU node's CPUs and memory, so that two fit beside one GPU. */
    private static final Resources HALF_NODE_WORKER = Resources.of(1, 2, 8_192);

    private static final ClusterSnapshot ONE_V100 = new ClusterSnapshot(0, List.of(typed("v100-0", "V100", 1)));

    private static List<JobView> twoJobs(String first, String second) {
        return List.of(Jobs.job("a").family(first).workerDemand(HALF_NODE_WORKER).build(),
                Jobs.job("b").family(second).workerDemand(HALF_NODE_WORKER).submittedAt(1).build());
    }

    private static Plan plan(String policy, List<JobView> jobs) {
        Plan plan = PolicyRegistry.standard().create(policy).plan(ONE_V100, jobs);
        PlanValidator.check(plan, ONE_V100, jobs.stream().map(JobView::spec).toList(), PlanValidator.GpuSharing.ALLOWED);
        return plan;
    }

    @Test
    void runsTwoJobsThatGainTogetherOnTheSameGpu() {
        Plan plan = plan("gavel-max-min-fairness-packed", twoJobs(A3C, TRANSFORMER));
        JobPlan host = plan.target("a");
        JobPlan guest = plan.target("b");
        assertTrue(host.runs() && !host.sharesGpus(), host.toString());
        assertEquals("a", guest.sharesGpusOf(), guest.toString());
        assertEquals(host.placement(), guest.placement());
        assertTrue(guest.reason().contains("shares its GPUs"), guest.reason());
    }

    @Test
    void theUnpackedPolicyRunsOneOfThemOnTheGpu() {
        Plan plan = plan("gavel-max-min-fairness-perf", twoJobs(A3C, TRANSFORMER));
        assertEquals(1, plan.jobs().values().stream().filter(JobPlan::runs).count());
        assertTrue(plan.jobs().values().stream().noneMatch(JobPlan::sharesGpus));
    }

    @Test
    void jobsOfModelsTheProfileDoesNotKnowNeverShare() {
        Plan plan = plan("gavel-max-min-fairness-packed", List.of(
                Jobs.job("a").workerDemand(HALF_NODE_WORKER).build(),
                Jobs.job("b").workerDemand(HALF_NODE_WORKER).build()));
        assertEquals(1, plan.jobs().values().stream().filter(JobPlan::runs).count());
    }

    @Test
    void aGuestWhoseCpusDoNotFitBesideItsHostWaitsInstead() {
        // Each worker takes the whole node's CPUs and memory: the GPU could take two, the node cannot.
        List<JobView> jobs = List.of(Jobs.job("a").family(A3C).build(), Jobs.job("b").family(TRANSFORMER).build());
        Plan plan = plan("gavel-max-min-fairness-packed", jobs);
        assertEquals(1, plan.jobs().values().stream().filter(JobPlan::runs).count());
    }

    @Test
    void keepsThePairTogetherWithinARound() {
        SchedulingPolicy policy = PolicyRegistry.standard().create("gavel-min-total-duration-packed");
        Plan first = policy.plan(ONE_V100, twoJobs(A3C, TRANSFORMER));
        List<JobView> running = List.of(
                Jobs.job("a").family(A3C).workerDemand(HALF_NODE_WORKER).running(first.target("a").placement()).build(),
                Jobs.job("b").family(TRANSFORMER).workerDemand(HALF_NODE_WORKER).submittedAt(1)
                        .running(first.target("b").placement()).build());
        Plan second = policy.plan(new ClusterSnapshot(60, ONE_V100.nodes()), running);
        assertEquals("a", second.target("b").sharesGpusOf());
        assertTrue(second.target("b").reason().contains("keeps V100 until the round ends"), second.target("b").reason());
    }

    @Test
    void aDriverThatGivesEachGpuToOneJobRefusesTheSharedPlan() {
        List<JobView> jobs = twoJobs(A3C, TRANSFORMER);
        Plan plan = plan("gavel-max-min-fairness-packed", jobs);
        InvalidPlanException refused = assertThrows(InvalidPlanException.class,
                () -> PlanValidator.check(plan, ONE_V100, jobs.stream().map(JobView::spec).toList()));
        assertTrue(refused.getMessage().contains("this driver gives each GPU to one job"), refused.getMessage());
    }

    @Test
    void theResourceManagersRegistryOffersNoPolicyThatSharesGpusAndSaysWhy() {
        PolicyRegistry registry = PolicyRegistry.standard().withoutGpuSharing();
        assertFalse(registry.names().contains("gavel-max-min-fairness-packed"));
        assertTrue(registry.names().contains("gavel-max-min-fairness-perf"));
        UnknownPolicyException e = assertThrows(UnknownPolicyException.class,
                () -> registry.create("gavel-finish-time-fairness-packed"));
        assertTrue(e.getMessage().contains("YARN gives each GPU to one container"), e.getMessage());
    }

    @Test
    void everyPackedNameIsAwareAndShares() {
        for (String name : List.of("gavel-max-min-fairness-packed", "gavel-finish-time-fairness-packed",
                "gavel-min-total-duration-packed")) {
            GavelObjectives.GavelObjective objective = GavelObjectives.objective(name);
            assertTrue(objective.sharesGpus() && objective.heterogeneityAware(), name);
            assertEquals(name.substring("gavel-".length()).replace('-', '_'), objective.gavelName());
        }
    }
}
