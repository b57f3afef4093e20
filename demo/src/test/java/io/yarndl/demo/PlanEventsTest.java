package io.yarndl.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.yarndl.core.job.Allocation;
import io.yarndl.core.policy.JobPlan;
import io.yarndl.core.policy.Plan;
import io.yarndl.yarn.round.PlanBook;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The resize lines the demo prints: where a demo job's target moved since the last refresh, once, with the policy's reason. */
class PlanEventsTest {

    private static final Map<String, String> NAMES = Map.of("app_1", "ddp-first");
    private static final Map<String, String> TWO_NAMES = Map.of("app_1", "ddp-first", "app_2", "ddp-second");

    private static Plan plan(double timeSec, JobPlan... jobs) {
        return new Plan(timeSec, "optimus", Arrays.stream(jobs).collect(Collectors.toMap(JobPlan::jobId, j -> j)));
    }

    private static JobPlan sized(String job, int workers, String reason) {
        return new JobPlan(job, workers, 0, Allocation.NONE, reason);
    }

    @Test
    void eachChangeOfADemoJobIsPrintedOnceWithItsReason() {
        PlanBook book = new PlanBook();
        PlanEvents events = new PlanEvents(book);
        book.record(plan(1, sized("app_1", 1, "minimum size")), 0);
        assertEquals(List.of("plan: ddp-first -> 1 worker (minimum size)"), events.newChanges(NAMES));

        book.record(plan(2, sized("app_1", 1, "minimum size")), 0);
        assertEquals(List.of(), events.newChanges(NAMES), "an unchanged target is no event");

        book.record(plan(3, sized("app_1", 2, "marginal gain"), sized("other", 1, "not the demo's")), 0);
        assertEquals(List.of("plan: ddp-first -> 2 workers (marginal gain)"), events.newChanges(NAMES));
    }

    @Test
    void roundsBetweenTwoRefreshesGiveOneLinePerJobWithItsNewestTarget() {
        PlanBook book = new PlanBook();
        PlanEvents events = new PlanEvents(book);
        book.record(plan(1, sized("app_1", 1, "minimum size"), sized("app_2", 1, "minimum size")), 0);
        book.record(plan(2, sized("app_1", 2, "marginal gain"), sized("app_2", 0, "waiting: no room")), 0);
        book.record(plan(3, sized("app_1", 2, "marginal gain"), sized("app_2", 1, "room again")), 0);

        assertEquals(List.of("plan: ddp-first -> 2 workers (marginal gain)", "plan: ddp-second -> 1 worker (room again)"),
                events.newChanges(TWO_NAMES));
    }

    @Test
    void aTargetThatMovedAndCameBackBetweenRefreshesIsNoEvent() {
        PlanBook book = new PlanBook();
        PlanEvents events = new PlanEvents(book);
        book.record(plan(1, sized("app_1", 1, "minimum size")), 0);
        events.newChanges(NAMES);

        book.record(plan(2, sized("app_1", 0, "waiting: its minimum does not fit")), 0);
        book.record(plan(3, sized("app_1", 1, "minimum size")), 0);
        assertEquals(List.of(), events.newChanges(NAMES), "1 -> 0 -> 1 worker within one refresh shows nothing");

        book.record(plan(4, sized("app_1", 0, "waiting: its minimum does not fit")), 0);
        assertEquals(List.of("plan: ddp-first -> 0 workers (waiting: its minimum does not fit)"), events.newChanges(NAMES));
    }

    @Test
    void aLongReasonIsShortened() {
        PlanBook book = new PlanBook();
        book.record(plan(1, sized("app_1", 1, "x".repeat(300))), 0);
        String line = new PlanEvents(book).newChanges(NAMES).get(0);
        assertEquals("plan: ddp-first -> 1 worker (" + "x".repeat(107) + "...)", line);
    }
}
