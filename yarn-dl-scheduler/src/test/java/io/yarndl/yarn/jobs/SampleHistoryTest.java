package io.yarndl.yarn.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.job.ProgressSample;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SampleHistoryTest {

    static ProgressSample atStep(long step) {
        return new ProgressSample(step, step, 1.0 / (step + 1), 2.0, 1, 0);
    }

    private static List<Long> steps(SampleHistory history) {
        return history.samples().stream().map(ProgressSample::step).toList();
    }

    private static SampleHistory feed(int count, int max) {
        SampleHistory history = SampleHistory.EMPTY;
        for (int step = 1; step <= count; step++) {
            history = history.plus(atStep(step), max);
        }
        return history;
    }

    @Test
    void keepsEverySampleUpToTheCap() {
        assertEquals(List.of(1L, 2L, 3L, 4L), steps(feed(4, 4)));
    }

    @Test
    void thinsOlderSamplesKeepingTheFirstAndTheRecentHalf() {
        assertEquals(List.of(1L, 3L, 4L, 5L), steps(feed(5, 4)));
        assertEquals(List.of(1L, 5L, 6L, 7L), steps(feed(7, 4)));
    }

    @Test
    void longRunKeepsRecentHalfWholeAndOlderHalfEvenlySpreadFromTheFirst() {
        List<Long> steps = steps(feed(10_000, 64));
        assertTrue(steps.size() <= 64 && steps.size() >= 48, "size " + steps.size());
        assertEquals(LongStream.rangeClosed(9_969, 10_000).boxed().toList(),
                steps.subList(steps.size() - 32, steps.size()));
        List<Long> older = steps.subList(0, steps.size() - 32);
        assertEquals(1L, older.get(0));
        long spacing = older.get(1) - older.get(0);
        for (int i = 1; i < older.size(); i++) {
            assertEquals(spacing, older.get(i) - older.get(i - 1), "uneven archive " + older);
        }
        assertTrue(older.get(older.size() - 1) + spacing >= 9_969, "archive stops short: " + older);
    }

    @Test
    void neverExceedsTheCapAndStaysOrdered() {
        for (int max = 1; max <= 9; max++) {
            SampleHistory history = SampleHistory.EMPTY;
            for (int step = 1; step <= 200; step++) {
                history = history.plus(atStep(step), max);
                List<Long> steps = steps(history);
                assertTrue(steps.size() <= max, "max " + max + ": " + steps);
                assertEquals((long) step, steps.get(steps.size() - 1));
                for (int i = 1; i < steps.size(); i++) {
                    assertTrue(steps.get(i) > steps.get(i - 1), "max " + max + ": " + steps);
                }
            }
        }
    }

    @Test
    void restoredHistoryKeepsThinningExactlyLikeAnUnbrokenOne() {
        for (int max : new int[] {1, 2, 3, 4, 7, 16, 64}) {
            for (int split : new int[] {0, 1, 5, 33, 100, 1_000}) {
                SampleHistory restored = SampleHistory.fromStored(feed(split, max).toStored(), max);
                for (int step = split + 1; step <= split + 500; step++) {
                    restored = restored.plus(atStep(step), max);
                }
                assertEquals(feed(split + 500, max).toStored(), restored.toStored(), "max " + max + ", split " + split);
            }
        }
    }

    @Test
    void restoringRepairsCountersThatDoNotFitTheSamples() {
        JobSamples stored = feed(40, 8).toStored();
        for (JobSamples bad : List.of(
                new JobSamples(stored.archive(), stored.recent(), 0, stored.aged()),
                new JobSamples(stored.archive(), stored.recent(), -4, stored.aged()),
                new JobSamples(stored.archive(), stored.recent(), stored.stride(), -1),
                new JobSamples(stored.archive(), stored.recent(), stored.stride(), 1),
                new JobSamples(stored.recent(), List.of(), stored.stride(), stored.aged()))) {
            SampleHistory repaired = SampleHistory.fromStored(bad, 8);
            List<Long> steps = steps(repaired);
            assertTrue(steps.size() <= 8, "over the cap: " + steps);
            assertEquals(bad.all().get(bad.size() - 1).step(), steps.get(steps.size() - 1), "newest lost: " + steps);
            assertEquals(bad.all().get(0).step(), steps.get(0), "first lost: " + steps);
            assertTrue(repaired.toStored().stride() >= 1 && repaired.toStored().aged() >= 0, repaired.toStored().toString());
        }
    }

    @Test
    void restoringUnderALowerCapRethinsToThatCap() {
        SampleHistory restored = SampleHistory.fromStored(feed(100, 64).toStored(), 8);
        List<Long> steps = steps(restored);
        assertTrue(steps.size() <= 8, "over the cap: " + steps);
        assertEquals(1L, steps.get(0));
        assertEquals(100L, steps.get(steps.size() - 1));
    }

    @Test
    void thinnedStoredHistoryRestoresAndKeepsGrowingWithinTheCap() {
        JobSamples thinned = feed(300, 16).toStored().thinned().thinned();
        SampleHistory restored = SampleHistory.fromStored(thinned, 16);
        assertEquals(thinned, restored.toStored());
        for (int step = 301; step <= 400; step++) {
            restored = restored.plus(atStep(step), 16);
            List<Long> steps = steps(restored);
            assertTrue(steps.size() <= 16, "over the cap: " + steps);
            assertEquals(1L, steps.get(0));
            assertEquals((long) step, steps.get(steps.size() - 1));
        }
    }

    @Test
    void capOfOneKeepsOnlyTheNewest() {
        assertEquals(List.of(9L), steps(feed(9, 1)));
    }
}
