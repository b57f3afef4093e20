package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatisticalEfficiencyTest {

    @Test
    void followsPollusFormula() {
        StatisticalEfficiency e = new StatisticalEfficiency(1000, 256);
        // (1000 + 256) / (1000 + 512)
        assertEquals(0.83068783069, e.at(512), 1e-10);
        assertEquals(1.0, e.at(256), 1e-12);
    }

    @Test
    void averagesTheNewestReportedNoiseScales() {
        List<ProgressSample> samples = new ArrayList<>();
        samples.add(sample(0, 9999));
        for (int i = 1; i <= 5; i++) {
            samples.add(sample(i, 100 * i));
        }
        samples.add(sample(6, Double.NaN));
        // the newest five reported: 100..500, mean 300; the oldest is past them and the newest reports none
        assertEquals(300, StatisticalEfficiency.of(samples, 64).noiseScale(), 1e-12);
    }

    @Test
    void isUnknownWhereNoSampleReportsIt() {
        StatisticalEfficiency e = StatisticalEfficiency.of(List.of(sample(0, Double.NaN)), 64);
        assertFalse(e.isKnown());
        assertEquals(1.0, e.at(4096), 0);
    }

    private static ProgressSample sample(double time, double noise) {
        return new ProgressSample(time, (long) time, 1.0, 1.0, 1, 0).atBatch(64, noise);
    }
}
