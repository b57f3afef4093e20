package io.yarndl.core.policy.optimus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.testing.Clusters;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OptimusStateTest {

    private final ClusterSnapshot cluster = Clusters.uniform(2, 4);
    private final JobView allReduce = ObservedJobs.allReduce("ar", 0, 8, w -> 10.0 * w, 3_000, 20_000,
            Allocation.NONE);
    private final JobView parameterServer = ObservedJobs.parameterServer("ps", 4, 4,
            (w, p) -> 1.0 / (0.02 * 32 / w + 0.05 + 0.04 * w / p), 3_000, 20_000);

    @Test
    void savedStateHoldsBothModelsOfEveryFittedJob() {
        OptimusPolicy policy = new OptimusPolicy();
        policy.plan(cluster, List.of(allReduce, parameterServer));

        PolicyState state = policy.saveState();

        assertEquals(OptimusPolicy.NAME, state.policy());
        assertEquals(Set.of("ar", "ps"), state.jobs().keySet());
        assertEquals(FittedModelForms.ALL_REDUCE, state.jobs().get("ar").speed().form());
        assertEquals(FittedModelForms.SYNC_PS, state.jobs().get("ps").speed().form());
        assertEquals(32, state.jobs().get("ps").speed().globalBatch());
        assertNotNull(state.jobs().get("ar").curve());
        assertEquals(3_000, state.jobs().get("ar").fittedStep());
    }

    @Test
    void restoredPolicySavesExactlyWhatItWasGiven() {
        OptimusPolicy original = new OptimusPolicy();
        original.plan(cluster, List.of(allReduce, parameterServer));
        PolicyState saved = original.saveState();

        OptimusPolicy restored = new OptimusPolicy();
        Set<String> dropped = restored.restoreState(saved);

        assertTrue(dropped.isEmpty(), dropped.toString());
        assertEquals(saved, restored.saveState());
    }

    @Test
    void restoredPolicyPlansWithTheModelsItLearnedEvenWhenTheSamplesWereLost() {
        OptimusPolicy original = new OptimusPolicy();
        Plan before = original.plan(cluster, List.of(allReduce, parameterServer));
        PolicyState saved = original.saveState();
        // After a restart only the newest few samples may be known; the step has not moved.
        List<JobView> fewSamples = List.of(lastSamples(allReduce, 3), lastSamples(parameterServer, 3));

        OptimusPolicy restored = new OptimusPolicy();
        restored.restoreState(saved);
        Plan after = restored.plan(cluster, fewSamples);
        OptimusPolicy relearning = new OptimusPolicy();
        relearning.plan(cluster, fewSamples);

        assertEquals(before.jobs(), after.jobs());
        assertEquals(saved, restored.saveState(), "no refit without new progress");
        assertNotEquals(saved, relearning.saveState(), "three samples do not give back the same fit");
    }

    @Test
    void anEntryWhoseModelCannotBeRebuiltIsDroppedAndRefitted() {
        OptimusPolicy original = new OptimusPolicy();
        original.plan(cluster, List.of(allReduce, parameterServer));
        PolicyState saved = original.saveState();
        Map<String, PolicyState.FittedJob> jobs = new HashMap<>(saved.jobs());
        PolicyState.FittedJob ar = jobs.get("ar");
        jobs.put("ar", new PolicyState.FittedJob(ar.curve(), new PolicyState.Speed("quantum", List.of(1.0), 0),
                ar.fittedStep(), ar.fittedSamples(), ar.fittedUpTo(), ar.fittedConfigurations()));
        PolicyState.FittedJob ps = jobs.get("ps");
        jobs.put("ps", new PolicyState.FittedJob(new PolicyState.Curve(-1, 1, 1, 1, 3), ps.speed(),
                ps.fittedStep(), ps.fittedSamples(), ps.fittedUpTo(), ps.fittedConfigurations()));

        OptimusPolicy restored = new OptimusPolicy();
        Set<String> dropped = restored.restoreState(new PolicyState(OptimusPolicy.NAME, jobs));
        restored.plan(cluster, List.of(allReduce, parameterServer));

        assertEquals(Set.of("ar", "ps"), dropped);
        assertEquals(saved, restored.saveState(), "refitted from the same samples");
    }

    @Test
    void refusesAnotherPolicysState() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new OptimusPolicy().restoreState(new PolicyState("dl2", Map.of())));

        assertTrue(error.getMessage().contains("dl2"), error.getMessage());
    }

    private static JobView lastSamples(JobView job, int count) {
        List<io.yarndl.core.job.ProgressSample> samples = job.samples();
        return new JobView(job.spec(), job.submitTimeSec(), job.allocation(),
                samples.subList(samples.size() - count, samples.size()));
    }
}
