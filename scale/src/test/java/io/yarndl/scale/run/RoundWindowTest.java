package io.yarndl.scale.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.ExponentiallyDecayingReservoir;
import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RoundWindowTest {

    @Test
    void warmUpRoundsAreLeftOutOfTheWindowsPercentiles() {
        Timer timer = new Timer();
        for (int i = 0; i < 10; i++) {
            timer.update(5_000, TimeUnit.MILLISECONDS); // slow warm-up rounds
        }
        RoundWindow window = RoundWindow.open(timer);
        for (int ms = 1; ms <= 100; ms++) {
            timer.update(ms, TimeUnit.MILLISECONDS);
        }

        RoundWindow.Rounds rounds = window.close();

        assertEquals(100, rounds.count());
        assertTrue(rounds.complete());
        assertEquals(50.5, rounds.p50Ms(), 1e-9);
        assertTrue(rounds.p99Ms() <= 100.0, "p99 " + rounds.p99Ms() + " includes a warm-up round");
        assertTrue(timer.getSnapshot().get99thPercentile() / 1e6 >= 5_000, "the whole-run p99 does include them");
    }

    @Test
    void aReservoirThatDroppedSamplesGivesNoPercentiles() {
        Timer timer = new Timer(new ExponentiallyDecayingReservoir(8, 0.015));
        RoundWindow window = RoundWindow.open(timer);
        for (int i = 0; i < 20; i++) {
            timer.update(i, TimeUnit.MILLISECONDS);
        }

        RoundWindow.Rounds rounds = window.close();

        assertEquals(20, rounds.count());
        assertFalse(rounds.complete());
        assertTrue(Double.isNaN(rounds.p50Ms()));
    }

    @Test
    void aWindowWithoutRoundsHasNoPercentiles() {
        Timer timer = new Timer();
        timer.update(3, TimeUnit.MILLISECONDS);
        RoundWindow.Rounds rounds = RoundWindow.open(timer).close();

        assertEquals(0, rounds.count());
        assertTrue(Double.isNaN(rounds.p99Ms()));
    }

    @Test
    void minusTakesEachEarlierOccurrenceOnce() {
        assertArrayEquals(new long[] {2, 5, 7}, RoundWindow.minus(new long[] {1, 2, 2, 5, 7, 9}, new long[] {1, 2, 9}));
    }
}
