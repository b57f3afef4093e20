package io.yarndl.core.policy.gavel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TimeFractionsTest {

    @Test
    void fractionsAreClampedIntoZeroToOneWithSolverNoiseRemoved() {
        TimeFractions x = new TimeFractions(new double[][] {{-1e-12, 1 + 1e-10}, {5e-10, 0.25}});

        assertEquals(0, x.of(0, 0));
        assertEquals(1, x.of(0, 1));
        assertEquals(0, x.of(1, 0));
        assertEquals(0.25, x.ofJob(1));
        assertEquals(2, x.jobCount());
    }

    @Test
    void fractionsCannotBeNaN() {
        assertThrows(IllegalArgumentException.class, () -> new TimeFractions(new double[][] {{Double.NaN}}));
    }

    @Test
    void emptyFractionsHaveNoJobs() {
        assertEquals(0, TimeFractions.empty().jobCount());
        assertEquals(TimeFractions.empty(), TimeFractions.zeros(0, 3));
    }
}
