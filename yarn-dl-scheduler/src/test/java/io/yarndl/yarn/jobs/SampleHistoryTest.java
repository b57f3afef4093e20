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
    void capOfOneKeepsOnlyTheNewest() {
        assertEquals(List.of(9L), steps(feed(9, 1)));
    }
}
