package io.yarndl.yarn.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import org.junit.jupiter.api.Test;

class ResizeTimerTest {

    private static ProgressSample at(double timeSec, long step, int workers, int ps) {
        return new ProgressSample(timeSec, step, 1.0, 2.0, workers, ps);
    }

    @Test
    void aResizeCostsTheGapFromTheLastSampleAtTheOldSizeToTheFirstAtTheNew() {
        Restarts one = ResizeTimer.after(Restarts.NONE, at(100, 10, 1, 0), at(131.5, 11, 2, 0));
        assertEquals(new Restarts(1, 31.5), one);
        assertEquals(new Restarts(2, 51.5), ResizeTimer.after(one, at(200, 30, 2, 1), at(220, 31, 2, 2)));
    }

    @Test
    void samplesAtTheSameSizeOrTheFirstSampleMeasureNothing() {
        assertEquals(Restarts.NONE, ResizeTimer.after(Restarts.NONE, at(100, 10, 2, 0), at(160, 11, 2, 0)));
        assertEquals(Restarts.NONE, ResizeTimer.after(Restarts.NONE, null, at(160, 11, 2, 0)));
    }

    @Test
    void aGapOfNegativeTimeIsNotCounted() {
        assertEquals(Restarts.NONE, ResizeTimer.after(Restarts.NONE, at(100, 10, 1, 0), at(90, 11, 2, 0)));
    }

    @Test
    void aHistoryKeepsEveryResizeItMeasuredHoweverFarItIsThinned() {
        SampleHistory history = SampleHistory.EMPTY;
        for (int i = 0; i < 200; i++) {
            // Size alternates every 10 samples, one second apart: 19 resizes of 1 s each.
            history = history.plus(at(1_000 + i, i, 1 + (i / 10) % 2, 0), 8);
        }
        assertEquals(new Restarts(19, 19.0), history.restarts());
        assertEquals(new Restarts(19, 19.0), SampleHistory.fromStored(history.toStored(), 8).restarts());
        assertEquals(new Restarts(19, 19.0), history.toStored().thinned().restarts());
    }
}
