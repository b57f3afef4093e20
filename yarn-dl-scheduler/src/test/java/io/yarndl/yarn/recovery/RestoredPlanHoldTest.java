package io.yarndl.yarn.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RestoredPlanHoldTest {

    private static final Duration LIMIT = Duration.ofSeconds(120);
    private static final long RESTORED_AT = 1_000_000;

    @Test
    void holdsTheRestoredPlanWhileTheClusterIsEmptyOrMissingANode() {
        RestoredPlanHold hold = new RestoredPlanHold(LIMIT);
        hold.hold(Set.of("node-1", "node-2"), RESTORED_AT);

        assertTrue(hold.holds(RESTORED_AT, Set.of()), "no node has re-registered yet");
        assertTrue(hold.holds(RESTORED_AT + 20_000, Set.of("node-1", "node-3")), "node-2 is still missing");
        assertEquals(Optional.of(new TreeSet<>(Set.of("node-1", "node-2"))), hold.awaitedWhileHolding());
    }

    @Test
    void releasesForGoodOnceEveryAwaitedNodeIsBack() {
        RestoredPlanHold hold = new RestoredPlanHold(LIMIT);
        hold.hold(Set.of("node-1", "node-2"), RESTORED_AT);

        assertFalse(hold.holds(RESTORED_AT + 25_000, Set.of("node-1", "node-2", "node-3")));
        assertFalse(hold.holds(RESTORED_AT + 26_000, Set.of()), "a node lost later is the policy's business");
        assertEquals(Optional.empty(), hold.awaitedWhileHolding());
    }

    @Test
    void releasesWhenTheLimitPassesWithANodeStillMissing() {
        RestoredPlanHold hold = new RestoredPlanHold(LIMIT);
        hold.hold(Set.of("node-1", "node-2"), RESTORED_AT);

        assertTrue(hold.holds(RESTORED_AT + LIMIT.toMillis() - 1, Set.of("node-1")));
        assertFalse(hold.holds(RESTORED_AT + LIMIT.toMillis(), Set.of("node-1")));
        assertFalse(hold.holds(RESTORED_AT + LIMIT.toMillis() + 1, Set.of("node-1")));
    }

    @Test
    void neverHoldsWithoutARestoredPlanWithoutDlNodesOrWithAZeroLimit() {
        RestoredPlanHold fresh = new RestoredPlanHold(LIMIT);
        assertFalse(fresh.holds(RESTORED_AT, Set.of()), "a first start restores nothing");

        RestoredPlanHold noNodes = new RestoredPlanHold(LIMIT);
        noNodes.hold(Set.of(), RESTORED_AT);
        assertFalse(noNodes.holds(RESTORED_AT, Set.of()), "no DL container ran anywhere: nothing to wait for");

        RestoredPlanHold disabled = new RestoredPlanHold(Duration.ZERO);
        disabled.hold(Set.of("node-1"), RESTORED_AT);
        assertFalse(disabled.holds(RESTORED_AT, Set.of()));
        assertEquals(Optional.empty(), disabled.awaitedWhileHolding());
    }

    @Test
    void refusesANegativeLimit() {
        assertThrows(IllegalArgumentException.class, () -> new RestoredPlanHold(Duration.ofMillis(-1)));
    }
}
