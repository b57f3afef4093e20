package io.yarndl.core.policy.smd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LayerAssignmentTest {

    @Test
    void putsTheLargestLayersFirstOnTheLeastLoadedServer() {
        LayerAssignment two = LayerAssignment.balance(IterationModelTest.TINY, 2);
        assertArrayEquals(new long[] {400, 320}, two.serverBytes());
        assertEquals(List.of(List.of(0), List.of(1, 2)), two.layersOf());
        assertEquals(400, two.busiestServerBytes());
    }

    @Test
    void leavesExtraServersEmptyRatherThanSplittingALayer() {
        LayerAssignment five = LayerAssignment.balance(IterationModelTest.TINY, 5);
        assertArrayEquals(new long[] {400, 200, 120, 0, 0}, five.serverBytes());
        assertEquals("5 servers: 0.0/0.0/0.0/0.0/0.0 MB".length(), five.describe().length());
    }
}
