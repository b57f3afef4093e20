package io.yarndl.core.goodput;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.job.JobView;
import io.yarndl.core.job.TaskCount;
import io.yarndl.core.testing.Jobs;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeldSpansTest {

    private final HeldSpans spans = new HeldSpans();

    @Test
    void countsTheNodesHoldingWorkersNotAParameterServersOwn() {
        spans.record(job(Map.of("a", new TaskCount(2, 0), "b", new TaskCount(2, 0), "c", new TaskCount(0, 1))), "T4");
        assertEquals(2, spans.nodes(job(Map.of()), "T4", 4, 4));
    }

    @Test
    void takesTheFewestNodesForACountNeverHeldOrHeldOnAnotherType() {
        spans.record(job(Map.of("a", new TaskCount(2, 0), "b", new TaskCount(2, 0))), "T4");
        assertEquals(1, spans.nodes(job(Map.of()), "A100", 4, 8));
        assertEquals(2, spans.nodes(job(Map.of()), "T4", 6, 4));
    }

    @Test
    void forgetsJobsThatLeft() {
        spans.record(job(Map.of("a", new TaskCount(2, 0), "b", new TaskCount(2, 0))), "T4");
        spans.retainOnly(Set.of());
        assertEquals(1, spans.nodes(job(Map.of()), "T4", 4, 4));
    }

    private static JobView job(Map<String, TaskCount> held) {
        JobView base = Jobs.job("j").workerRange(1, 8).build();
        return new JobView(base.spec(), 0, new Allocation(held), List.of());
    }
}
