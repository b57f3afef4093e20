package io.yarndl.yarn.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeHistoryTest {

    @Test
    void keepsAPointOnlyWhenAJobsHeldOrPlannedSizeChanges() {
        SizeHistory history = new SizeHistory();

        history.record(1, List.of(new SizePoint(1, "a", 0, 0, 2, 0)));
        history.record(2, List.of(new SizePoint(2, "a", 0, 0, 2, 0)));
        history.record(3, List.of(new SizePoint(3, "a", 2, 0, 2, 0)));

        assertEquals(List.of(1.0, 3.0), history.of("a").stream().map(SizePoint::timeSec).toList());
    }

    @Test
    void endsAJobThatLeavesTheRoundsWithAPointAtSizeZero() {
        SizeHistory history = new SizeHistory();

        history.record(1, List.of(new SizePoint(1, "a", 2, 0, 2, 0), new SizePoint(1, "b", 1, 0, 1, 0)));
        history.record(2, List.of(new SizePoint(2, "b", 1, 0, 1, 0)));
        history.record(3, List.of(new SizePoint(3, "b", 1, 0, 1, 0)));

        assertEquals(List.of(new SizePoint(1, "a", 2, 0, 2, 0), new SizePoint(2, "a", 0, 0, 0, 0)), history.of("a"));
        assertEquals(1, history.of("b").size());
    }

    @Test
    void goesOnFromRestoredPointsWithoutRepeatingAnUnchangedSize() {
        SizeHistory history = new SizeHistory();
        history.restore(List.of(new SizePoint(1, "a", 0, 0, 2, 0), new SizePoint(2, "a", 2, 0, 2, 0)));

        history.record(10, List.of(new SizePoint(10, "a", 2, 0, 2, 0)));
        history.record(11, List.of(new SizePoint(11, "a", 3, 0, 3, 0)));

        assertEquals(List.of(1.0, 2.0, 11.0), history.of("a").stream().map(SizePoint::timeSec).toList());
    }

    @Test
    void dropsTheOldestPointsBeyondItsCapacity() {
        SizeHistory history = new SizeHistory(3);

        for (int round = 1; round <= 5; round++) {
            history.record(round, List.of(new SizePoint(round, "a", round, 0, round, 0)));
        }

        assertEquals(List.of(3, 4, 5), history.all().stream().map(SizePoint::heldWorkers).toList());
    }
}
