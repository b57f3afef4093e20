package io.yarndl.yarn.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class SchedulerRecoveryModelTest {

    @Test
    void saysNothingWhenNeitherTheCheckpointNorTheSchedulerHadADl2Model() {
        assertNull(SchedulerRecovery.modelComparison(null, null));
    }

    @Test
    void saysWhetherTheServingModelIsTheOneTheCheckpointWasWrittenUnder() {
        assertEquals("DL2 model dl2@abc serves, as it did when the checkpoint was written",
                SchedulerRecovery.modelComparison("dl2@abc", "dl2@abc"));
        assertEquals("the checkpoint was written while DL2 model dl2@abc served; now DL2 model dl2@def serves"
                + " (DL2 keeps no per-job state: nothing to carry over)",
                SchedulerRecovery.modelComparison("dl2@abc", "dl2@def"));
        assertEquals("the checkpoint was written while no DL2 model served; now DL2 model dl2@def serves"
                + " (DL2 keeps no per-job state: nothing to carry over)",
                SchedulerRecovery.modelComparison(null, "dl2@def"));
        assertEquals("the checkpoint was written while DL2 model dl2@abc served; now none serves"
                + " (DL2 keeps no per-job state: nothing to carry over)",
                SchedulerRecovery.modelComparison("dl2@abc", null));
    }
}
