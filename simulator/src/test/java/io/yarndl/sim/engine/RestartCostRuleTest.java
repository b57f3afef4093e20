package io.yarndl.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.RepoData;
import io.yarndl.sim.workload.TestJobTypes;
import io.yarndl.sim.workload.sia.SiaApplications;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import org.junit.jupiter.api.Test;

class RestartCostRuleTest {

    private static final JobType IMAGENET = SiaJobTypes.forWorkloads(
            SiaApplications.pollux(RepoData.dir().resolve("pollux")), false).type("imagenet", 3200);

    @Test
    void aMeasuredApplicationPaysItsRestartAndEachWorkerBeyondTheFirst() {
        assertEquals(250, RestartCostRule.PROFILE.seconds(IMAGENET, 1, 30), 1e-9);
        assertEquals(250 + 63 * 1.7, RestartCostRule.PROFILE.seconds(IMAGENET, 64, 30), 1e-9);
        assertEquals(250 + 7 * 5.0, RestartCostRule.PROFILE.withPerWorker(5).seconds(IMAGENET, 8, 30), 1e-9);
    }

    @Test
    void anUnmeasuredTypeAndTheFixedRulePayTheFlatOverhead() {
        assertEquals(30, RestartCostRule.PROFILE.seconds(TestJobTypes.ALLREDUCE_MODEL, 16, 30));
        assertEquals(30, RestartCostRule.FIXED.seconds(IMAGENET, 64, 30));
    }

    @Test
    void aNegativePerWorkerTimeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> RestartCostRule.PROFILE.withPerWorker(-1));
    }
}
