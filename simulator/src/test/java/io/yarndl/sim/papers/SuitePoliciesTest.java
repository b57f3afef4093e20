package io.yarndl.sim.papers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.policy.PolicyRegistry;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class SuitePoliciesTest {

    private static final PaperSuite POLLUX = PaperSuites.all(Path.of("p"), Path.of("s")).get(PaperSuites.POLLUX);
    private static final PaperSuite PHILLY = PaperSuites.all(Path.of("p"), Path.of("s")).get(PaperSuites.SIA_PHILLY);

    @Test
    void gavelsAgnosticPoliciesRunOnPolluxsOneTypeClusterAndItsAwareOnesOnSias() {
        Set<String> registered = new TreeSet<>(PolicyRegistry.standard().names());
        registered.addAll(List.of("pollux", "sia"));

        assertEquals(List.of("fifo", "drf", "optimus", "gavel-max-min-fairness", "gavel-finish-time-fairness",
                "gavel-fifo", "gavel-min-total-duration", "pollux", "sia", "dl2"),
                SuitePolicies.defaults(POLLUX, registered).run());
        assertEquals(List.of("fifo", "drf", "optimus", "gavel-max-min-fairness-perf", "gavel-finish-time-fairness-perf",
                "gavel-fifo-perf", "gavel-min-total-duration-perf", "gavel-max-sum-throughput-perf", "pollux", "sia",
                "dl2"), SuitePolicies.defaults(PHILLY, registered).run());
    }

    @Test
    void defaultsThisBuildDoesNotRegisterAreSkippedNotRun() {
        SuitePolicies.Selection selection = SuitePolicies.defaults(PHILLY, Set.of("fifo", "optimus", "dl2",
                "gavel-fifo-perf"));

        assertEquals(List.of("fifo", "optimus", "gavel-fifo-perf", "dl2"), selection.run());
        assertEquals(List.of("drf", "gavel-max-min-fairness-perf", "gavel-finish-time-fairness-perf",
                "gavel-min-total-duration-perf", "gavel-max-sum-throughput-perf", "pollux", "sia"), selection.skipped());
    }
}
