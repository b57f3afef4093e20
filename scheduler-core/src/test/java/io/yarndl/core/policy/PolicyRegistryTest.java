package io.yarndl.core.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PolicyRegistryTest {

    @Test
    void buildsEveryShippedPolicyByItsName() {
        PolicyRegistry registry = PolicyRegistry.standard();

        assertEquals(Set.of("dl2", "drf", "fifo", "gavel-fifo", "gavel-fifo-perf", "gavel-finish-time-fairness", "gavel-finish-time-fairness-packed", "gavel-finish-time-fairness-perf", "gavel-max-min-fairness", "gavel-max-min-fairness-packed", "gavel-max-min-fairness-perf", "gavel-max-sum-throughput-perf", "gavel-min-total-duration", "gavel-min-total-duration-packed", "gavel-min-total-duration-perf", "optimus", "pollux", "sia", "smd"), registry.names());
        for (String name : registry.names()) {
            assertEquals(name, registry.create(name).name());
        }
    }

    @Test
    void unknownNameFailsListingTheKnownOnes() {
        UnknownPolicyException error = assertThrows(UnknownPolicyException.class,
                () -> PolicyRegistry.standard().create("sjf"));

        assertEquals("unknown scheduling policy 'sjf'; known policies: dl2, drf, fifo, gavel-fifo, gavel-fifo-perf, gavel-finish-time-fairness, gavel-finish-time-fairness-packed, gavel-finish-time-fairness-perf, gavel-max-min-fairness, gavel-max-min-fairness-packed, gavel-max-min-fairness-perf, gavel-max-sum-throughput-perf, gavel-min-total-duration, gavel-min-total-duration-packed, gavel-min-total-duration-perf, optimus, pollux, sia, smd", error.getMessage());
    }

    @Test
    void givesEachCallerItsOwnInstance() {
        PolicyRegistry registry = PolicyRegistry.standard();

        assertTrue(registry.create("optimus") != registry.create("optimus"),
                "policies keep per-run state (fitted models), so instances must not be shared");
    }

    @Test
    void refusesToRegisterANameTwice() {
        PolicyRegistry registry = PolicyRegistry.standard();

        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> registry.register("fifo", () -> registry.create("drf")));

        assertTrue(error.getMessage().contains("'fifo' is already registered"), error.getMessage());
        assertEquals(List.of("dl2", "drf", "fifo", "gavel-fifo", "gavel-fifo-perf", "gavel-finish-time-fairness", "gavel-finish-time-fairness-packed", "gavel-finish-time-fairness-perf", "gavel-max-min-fairness", "gavel-max-min-fairness-packed", "gavel-max-min-fairness-perf", "gavel-max-sum-throughput-perf", "gavel-min-total-duration", "gavel-min-total-duration-packed", "gavel-min-total-duration-perf", "optimus", "pollux", "sia", "smd"), List.copyOf(registry.names()));
    }
}
