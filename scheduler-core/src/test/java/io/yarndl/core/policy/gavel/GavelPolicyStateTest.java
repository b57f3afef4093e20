package io.yarndl.core.policy.gavel;

import static io.yarndl.core.testing.Clusters.typed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.cluster.ClusterSnapshot;
import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.policy.LearningPolicy;
import io.yarndl.core.policy.PerQueuePolicy;
import io.yarndl.core.policy.Plan;
import io.yarndl.core.policy.PolicyRegistry;
import io.yarndl.core.policy.PolicyState;
import io.yarndl.core.testing.Jobs;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Gavel's received time carried over a restart: a policy restored from what another saved plans
 * the following calls exactly as the saved one does, and refuses what it cannot use.
 */
class GavelPolicyStateTest {

    private static final String POLICY = "gavel-max-min-fairness-perf";
    private static final ClusterSnapshot CLUSTER = new ClusterSnapshot(0,
            List.of(typed("v100-0", "V100", 1), typed("v100-1", "V100", 1), typed("k80-0", "K80", 1)));
    private static final Map<String, String> FAMILIES = Map.of(
            "resnet", "ResNet-50 (batch size 128)",
            "recommendation", "Recommendation (batch size 1024)",
            "transformer", "Transformer (batch size 128)",
            "lm", "LM (batch size 80)");
    /** Calls at 0, 120 and 240 s of each 360 s round: new rounds and calls inside one. */
    private static final double CALL_SEC = GavelPolicy.DEFAULT_ROUND_SEC / 3;

    private static LearningPolicy gavel() {
        return (LearningPolicy) PolicyRegistry.standard().create(POLICY);
    }

    /** The jobs as the driver sees them after enforcing {@code held}. */
    private static List<JobView> jobs(Map<String, Allocation> held) {
        List<JobView> jobs = new ArrayList<>();
        FAMILIES.forEach((id, family) -> jobs.add(Jobs.job(id).family(family)
                .running(held.getOrDefault(id, Allocation.NONE)).build()));
        jobs.sort((a, b) -> a.id().compareTo(b.id()));
        return jobs;
    }

    private static void enforce(Plan plan, Map<String, Allocation> held) {
        plan.jobs().forEach((id, decision) -> held.put(id, decision.placement()));
    }

    private static ClusterSnapshot at(int call) {
        return new ClusterSnapshot(call * CALL_SEC, CLUSTER.nodes());
    }

    @Test
    void aRestoredPolicyPlansTheFollowingCallsExactlyAsTheSavedOne() {
        LearningPolicy original = gavel();
        Map<String, Allocation> held = new HashMap<>();
        int saveAfter = 10; // mid-round: the restored policy must finish that round, not start one.
        for (int call = 0; call <= saveAfter; call++) {
            enforce(original.plan(at(call), jobs(held)), held);
        }
        LearningPolicy restored = gavel();
        assertEquals(Set.of(), restored.restoreState(original.saveState()));
        LearningPolicy forgetful = gavel();

        boolean stateMattered = false;
        for (int call = saveAfter + 1; call <= saveAfter + 12; call++) {
            List<JobView> jobs = jobs(held);
            Plan expected = original.plan(at(call), jobs);
            assertEquals(expected, restored.plan(at(call), jobs), "call " + call);
            stateMattered |= !expected.equals(forgetful.plan(at(call), jobs));
            enforce(expected, held);
        }
        assertTrue(stateMattered, "a policy that received nothing should have planned some call differently");
    }

    @Test
    void aSavedStateHoldsEveryJobsTimeAndTheRoundStart() {
        LearningPolicy policy = gavel();
        Map<String, Allocation> held = new HashMap<>();
        for (int call = 0; call <= 4; call++) {
            enforce(policy.plan(at(call), jobs(held)), held);
        }
        PolicyState.Rounds rounds = policy.saveState().rounds();
        assertEquals(FAMILIES.keySet(), rounds.received().keySet());
        assertEquals(GavelPolicy.DEFAULT_ROUND_SEC, rounds.roundStartSec());
        assertEquals(4 * CALL_SEC, rounds.lastCallSec());
        rounds.received().values().forEach(time -> assertEquals(4 * CALL_SEC, time.inSystemSec()));
        assertEquals(Map.of(), policy.saveState().jobs());
    }

    @Test
    void refusesTheStateOfAnotherPolicy() {
        assertThrows(IllegalArgumentException.class, () -> gavel().restoreState(new PolicyState("optimus", Map.of())));
        PolicyState otherObjective = ((LearningPolicy) PolicyRegistry.standard().create("gavel-max-min-fairness"))
                .saveState();
        assertThrows(IllegalArgumentException.class, () -> gavel().restoreState(otherObjective));
    }

    @Test
    void dropsTheEntriesWithUnusableSecondsAndNamesThem() {
        Map<String, PolicyState.Received> received = Map.of(
                "resnet", new PolicyState.Received(720, Map.of("V100", 360.0)),
                "lm", new PolicyState.Received(Double.NaN, Map.of()),
                "transformer", new PolicyState.Received(720, Map.of("K80", -1.0)));
        LearningPolicy policy = gavel();

        Set<String> dropped = policy.restoreState(new PolicyState(POLICY, Map.of(),
                new PolicyState.Rounds(received, 0, 700)));

        assertEquals(Set.of("lm", "transformer"), dropped);
        assertEquals(Set.of("resnet"), policy.saveState().rounds().received().keySet());
    }

    @Test
    void aPolicyRunPerQueueSavesTheRoundsOfItsInstances() {
        LearningPolicy perQueue = (LearningPolicy) PerQueuePolicy.of(GavelPolicyStateTest::gavel);
        Map<String, Allocation> held = new HashMap<>();
        for (int call = 0; call <= 2; call++) {
            enforce(perQueue.plan(at(call), jobs(held)), held);
        }
        PolicyState saved = perQueue.saveState();
        assertEquals(FAMILIES.keySet(), saved.rounds().received().keySet());

        LearningPolicy restored = (LearningPolicy) PerQueuePolicy.of(GavelPolicyStateTest::gavel);
        restored.restoreState(saved);
        assertEquals(saved, restored.saveState());
        assertNotEquals(PolicyState.Rounds.NONE, saved.rounds());
    }
}
