package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GoodputModelsTest {

    private final GoodputModels models = new GoodputModels();

    @Test
    void keepsTheFitWhileFewSamplesOfKnownConfigurationsArrive() {
        List<ProgressSample> samples = samples(1, 8, 1.0);
        ThroughputParams first = params(samples);
        samples.add(new ProgressSample(100, 100, 1.0, 1.1, 1, 0, "T4"));
        assertSame(first, params(samples));
    }

    @Test
    void refitsWhenAJobIsMeasuredAtANewSize() {
        List<ProgressSample> samples = samples(1, 8, 1.0);
        ThroughputParams first = params(samples);
        samples.addAll(samples(2, 2, 1.6));
        assertNotSame(first, params(samples));
    }

    @Test
    void hasNoMeasuredModelOnATypeTheJobNeverRanOn() {
        assertTrue(models.measured(job(samples(1, 3, 1.0)), "A100", "T4", 8).isEmpty());
    }

    private ThroughputParams params(List<ProgressSample> samples) {
        return models.measured(job(samples), "T4", null, 4).orElseThrow().params();
    }

    private static JobView job(List<ProgressSample> samples) {
        JobView base = io.yarndl.core.testing.Jobs.job("j").workerRange(1, 8).build();
        return new JobView(base.spec(), 0, Allocation.NONE, samples);
    }

    private static List<ProgressSample> samples(int workers, int count, double speed) {
        List<ProgressSample> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            samples.add(new ProgressSample(i, i, 1.0, speed, workers, 0, "T4"));
        }
        return samples;
    }
}
