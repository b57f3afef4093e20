package io.yarndl.yarn.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.yarndl.core.policy.Plan;
import io.yarndl.yarn.state.SchedulerCheckpoint;
import io.yarndl.yarn.state.WriteOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class CheckpointKeeperTest {

    private final List<Long> written = new CopyOnWriteArrayList<>();
    private final AtomicBoolean zooKeeperUp = new AtomicBoolean(true);

    @Test
    void writesNothingBeforeThePreviousSchedulersCheckpointHasBeenRead() throws Exception {
        try (CheckpointKeeper keeper = keeper(Duration.ZERO)) {
            keeper.offer(1, () -> checkpoint(1));
            settle(keeper);
            assertTrue(written.isEmpty(), "written before the read: " + written);

            keeper.allowWrites();
            settle(keeper);

            assertEquals(List.of(1L), written);
        }
    }

    @Test
    void takesACheckpointAtMostOncePerInterval() throws Exception {
        try (CheckpointKeeper keeper = keeper(Duration.ofSeconds(10))) {
            keeper.allowWrites();
            keeper.offer(1_000, () -> checkpoint(1));
            // Each write waited for: only the newest pending checkpoint is written, so on a busy
            // machine checkpoint 1 could otherwise be replaced by 3 before the writer thread ran.
            settle(keeper);
            keeper.offer(5_000, () -> checkpoint(2));
            settle(keeper);
            keeper.offer(11_000, () -> checkpoint(3));
            settle(keeper);

            assertEquals(List.of(1L, 3L), written);
        }
    }

    @Test
    void keepsOnlyTheNewestCheckpointWhileZooKeeperIsDownAndWritesItOnFlush() throws Exception {
        try (CheckpointKeeper keeper = keeper(Duration.ZERO)) {
            keeper.allowWrites();
            zooKeeperUp.set(false);
            keeper.offer(1, () -> checkpoint(1));
            keeper.offer(2, () -> checkpoint(2));
            settle(keeper);
            assertEquals(2, keeper.pending().orElseThrow().rounds());
            assertTrue(keeper.failedWrites() >= 1);

            zooKeeperUp.set(true);
            keeper.flush();
            settle(keeper);

            assertEquals(List.of(2L), written);
            assertTrue(keeper.pending().isEmpty());
            assertEquals(2, keeper.lastWritten().orElseThrow().rounds());
        }
    }

    private CheckpointKeeper keeper(Duration interval) {
        return new CheckpointKeeper(checkpoint -> {
            if (!zooKeeperUp.get()) {
                throw new IllegalStateException("connection loss");
            }
            written.add(checkpoint.rounds());
            return WriteOutcome.WRITTEN;
        }, interval);
    }

    /** Waits for the keeper's thread to run everything submitted so far. */
    private static void settle(CheckpointKeeper keeper) throws Exception {
        keeper.awaitIdle(Duration.ofSeconds(5));
    }

    private static SchedulerCheckpoint checkpoint(long rounds) {
        return SchedulerCheckpoint.current(rounds, "optimus", null, rounds, new Plan(0, "optimus", Map.of()), null,
                Map.of());
    }
}
