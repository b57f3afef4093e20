package io.yarndl.sim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyRunsTest {

    @Test
    void withoutPlacementsEveryPolicyPacksUnderItsOwnName() {
        assertEquals(List.of(new PolicyRuns.Run("fifo", "fifo", "packing"), new PolicyRuns.Run("drf", "drf", "packing")),
                PolicyRuns.of(List.of("fifo", "drf"), null));
    }

    @Test
    void withPlacementsEveryPolicyRunsWithEachUnderPolicySlashPlacement() {
        assertEquals(List.of("fifo/packing", "drf/packing"),
                PolicyRuns.of(List.of("fifo", "drf"), List.of(" packing ")).stream().map(PolicyRuns.Run::label).toList());
    }

    @Test
    void anUnknownOrRepeatedPlacementIsRefusedNamingTheKnownOnes() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> PolicyRuns.of(List.of("fifo"), List.of("scatter")));
        assertTrue(unknown.getMessage().contains(
                "unknown placement 'scatter'; known: packing, spread, topology-aware, interference-aware, marl"),
                unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PolicyRuns.of(List.of("fifo"), List.of("packing", "packing")));
    }
}
