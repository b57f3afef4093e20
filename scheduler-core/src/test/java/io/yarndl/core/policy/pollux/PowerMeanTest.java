package io.yarndl.core.policy.pollux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PowerMeanTest {

    @Test
    void costsAreTheMeansTermsSignedSoThatLessIsBetter() {
        // p = -1: s^-1 with Pollux's 10^-3 added
        assertEquals(1 / 2.001, new PowerMean(-1).cost(2), 1e-12);
        assertEquals(-Math.log(2.001), new PowerMean(0).cost(2), 1e-12);
        assertEquals(-2.001, new PowerMean(1).cost(2), 1e-12);
        assertTrue(new PowerMean(-1).cost(3) < new PowerMean(-1).cost(2));
    }

    @Test
    void theMeanItself() {
        // harmonic mean of 1.999 and 3.999 (each + 10^-3): 2 / (1/2 + 1/4) = 2.6667
        assertEquals(2 / (1 / 2.0 + 1 / 4.0), new PowerMean(-1).of(new double[] {1.999, 3.999}), 1e-9);
        assertEquals(Math.sqrt(8), new PowerMean(0).of(new double[] {1.999, 3.999}), 1e-9);
    }

    @Test
    void aWaitingJobsTermIsCappedAboveTheLargestRunningOne() {
        PowerMean fair = new PowerMean(-4);
        assertEquals(1e12, fair.cost(0), 1e3);
        assertEquals(PowerMean.WAIT_CAP * 16, fair.waitCost(16), 1e-6);
        assertEquals(1000, new PowerMean(-1).waitCost(10), 1e-9);
    }

    @Test
    void refusesAPowerOutsideItsRange() {
        assertThrows(IllegalArgumentException.class, () -> new PowerMean(-6));
        assertThrows(IllegalArgumentException.class, () -> new PowerMean(Double.NaN));
    }
}
