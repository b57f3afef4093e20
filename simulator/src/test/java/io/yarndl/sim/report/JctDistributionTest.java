package io.yarndl.sim.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JctDistributionTest {

    @Test
    void growsPastItsInitialCapacityKeepingEveryValue() {
        JctDistribution jcts = new JctDistribution();
        for (int i = 100_000; i > 0; i--) {
            jcts.add(i);
        }
        assertEquals(100_000, jcts.size());
        double[] sorted = jcts.sortedSeconds();
        assertEquals(1, sorted[0]);
        assertEquals(100_000, sorted[sorted.length - 1]);
        assertEquals(50_000.5, jcts.mean(), 1e-9);
    }

    @Test
    void quantilesUseTheNearestRank() {
        JctDistribution jcts = new JctDistribution();
        for (int i = 1; i <= 20; i++) {
            jcts.add(i * 10);
        }
        assertEquals(190, jcts.quantile(0.95));
        assertEquals(100, jcts.quantile(0.5));
        assertEquals(10, jcts.quantile(0));
        assertEquals(200, jcts.quantile(1));
    }

    @Test
    void emptyDistributionHasNoStatistics() {
        JctDistribution jcts = new JctDistribution();
        assertTrue(Double.isNaN(jcts.mean()));
        assertTrue(Double.isNaN(jcts.quantile(0.5)));
        assertArrayEquals(new double[0], jcts.sortedSeconds());
    }

    @Test
    void rejectsNonFiniteTimes() {
        assertThrows(IllegalArgumentException.class, () -> new JctDistribution().add(Double.NaN));
    }

    @Test
    void cdfOfALargeRunIsThinnedButKeepsBothEnds() {
        double[] sorted = new double[82_248];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = 3600.0 * (i + 1);
        }
        double[][] xy = JctCdfChart.cdfPoints(sorted);
        assertEquals(JctCdfChart.MAX_POINTS, xy[0].length);
        assertEquals(1.0, xy[0][0], 1e-12);
        assertEquals(82_248.0, xy[0][xy[0].length - 1], 1e-9);
        assertEquals(1.0, xy[1][xy[1].length - 1], 1e-12);
        for (int i = 1; i < xy[1].length; i++) {
            assertTrue(xy[1][i] > xy[1][i - 1] && xy[0][i] >= xy[0][i - 1]);
        }
    }
}
