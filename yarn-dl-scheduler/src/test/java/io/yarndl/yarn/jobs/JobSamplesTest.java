package io.yarndl.yarn.jobs;

import static io.yarndl.yarn.jobs.SampleHistoryTest.atStep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.yarndl.core.job.ProgressSample;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobSamplesTest {

    private static List<Long> steps(JobSamples samples) {
        return samples.all().stream().map(ProgressSample::step).toList();
    }

    @Test
    void thinningKeepsTheFirstTheNewestAndEveryOtherBetween() {
        JobSamples samples = new JobSamples(List.of(atStep(1), atStep(3), atStep(5), atStep(7)),
                List.of(atStep(8), atStep(9), atStep(10), atStep(11), atStep(12)), 2, 9);
        JobSamples thinned = samples.thinned();
        assertEquals(List.of(1L, 5L, 8L, 10L, 12L), steps(thinned));
        assertEquals(List.of(atStep(1), atStep(5)), thinned.archive());
        assertEquals(4, thinned.stride(), "the archive's spacing doubled");
        assertEquals(9, thinned.aged());
    }

    @Test
    void thinningWithoutAnArchiveKeepsTheFirstAndNewestRecentSamples() {
        JobSamples thinned = new JobSamples(List.of(), List.of(atStep(1), atStep(2), atStep(3), atStep(4)), 1, 0)
                .thinned();
        assertEquals(List.of(1L, 3L, 4L), steps(thinned));
        assertEquals(1, thinned.stride());
    }

    @Test
    void twoSamplesOrFewerCannotBeThinned() {
        JobSamples two = new JobSamples(List.of(atStep(1)), List.of(atStep(9)), 8, 8);
        assertSame(two, two.thinned());
        assertSame(JobSamples.NONE, JobSamples.NONE.thinned());
    }
}
