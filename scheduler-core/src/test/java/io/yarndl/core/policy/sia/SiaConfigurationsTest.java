package io.yarndl.core.policy.sia;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class SiaConfigurationsTest {

    @Test
    void powersOfTwoWithinANodeThenWholeNodes() {
        // Sia's CONFIGS_8GPU on two nodes, CONFIGS_4GPU on three
        assertArrayEquals(new int[] {1, 2, 4, 8, 16}, SiaConfigurations.counts(1, 64, 8, 2, 0));
        assertArrayEquals(new int[] {1, 2, 4, 8, 12}, SiaConfigurations.counts(1, 64, 4, 3, 0));
    }

    @Test
    void addsTheMinimumAndTheCurrentCountWithinTheRange() {
        assertArrayEquals(new int[] {3, 4, 6, 8}, SiaConfigurations.counts(3, 10, 4, 2, 6));
        assertArrayEquals(new int[] {1, 2}, SiaConfigurations.counts(1, 2, 8, 4, 0));
    }
}
