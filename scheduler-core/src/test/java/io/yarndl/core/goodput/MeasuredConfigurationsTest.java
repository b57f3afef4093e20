package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.testing.Jobs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeasuredConfigurationsTest {

    @Test
    void averagesAConfigurationsSamplesInLogSpace() {
        // 2 and 8 steps/s: iteration times 0.5 s and 0.125 s, geometric mean 0.25 s
        JobView job = job(Allocation.NONE, sample(0, 2.0, 1, "T4"), sample(1, 8.0, 1, "T4"));
        List<ThroughputObservation> observations = MeasuredConfigurations.of(job, "T4", new HeldSpans(), 4);
        assertEquals(1, observations.size());
        assertEquals(0.25, observations.get(0).iterationSeconds(), 1e-12);
        assertEquals(2, observations.get(0).samples());
        assertEquals(new LocalBatch(256, 0), observations.get(0).split());
    }

    @Test
    void labelsAHeldCountWithTheNodesItSpannedAndOtherCountsWithTheFewest() {
        Allocation spread = new Allocation(Map.of("a", new TaskCount(2, 0), "b", new TaskCount(2, 0)));
        JobView job = job(spread, sample(0, 1.0, 4, "T4"), sample(1, 1.0, 8, "T4"), sample(2, 1.0, 4, "A100"));
        HeldSpans spans = new HeldSpans();
        spans.record(job, "T4");
        List<ThroughputObservation> t4 = MeasuredConfigurations.of(job, "T4", spans, 4);
        assertEquals(2, t4.size());
        assertEquals(2, t4.get(0).nodes(), "4 workers held on two nodes");
        assertEquals(4, t4.get(0).replicas());
        assertEquals(2, t4.get(1).nodes(), "8 workers on the fewest nodes of 4");
        List<ThroughputObservation> a100 = MeasuredConfigurations.of(job, "A100", spans, 8);
        assertEquals(1, a100.get(0).nodes(), "never held on A100s: the fewest nodes");
    }

    @Test
    void keepsTheSpanOfACountTheJobHeldAfterItMovesToAnother() {
        Allocation spread = new Allocation(Map.of("a", new TaskCount(4, 0), "b", new TaskCount(3, 0)));
        Allocation packed = new Allocation(Map.of("a", new TaskCount(4, 0), "b", new TaskCount(4, 0)));
        HeldSpans spans = new HeldSpans();
        spans.record(job(spread), "T4");
        JobView now = job(packed, sample(0, 1.0, 7, "T4"), sample(1, 1.0, 8, "T4"));
        spans.record(now, "T4");
        List<ThroughputObservation> observations = MeasuredConfigurations.of(now, "T4", spans, 8);
        assertEquals(2, observations.get(0).nodes(), "7 workers spanned two nodes when it held them");
        assertEquals(2, observations.get(1).nodes(), "8 workers span two nodes now");
    }

    private static JobView job(Allocation allocation, ProgressSample... samples) {
        JobView base = Jobs.job("j").workerRange(1, 8).build();
        return new JobView(base.spec(), 0, allocation, List.of(samples));
    }

    private static ProgressSample sample(double time, double speed, int workers, String type) {
        return new ProgressSample(time, (long) time, 1.0, speed, workers, 0, type);
    }
}
