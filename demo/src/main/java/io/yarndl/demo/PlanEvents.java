package io.yarndl.demo;

import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PlanBook.TargetChange;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scheduler's resize decisions for the demo's jobs, as lines: each change of a job's planned size
 * since the last call, with the policy's reason (e.g. Optimus' marginal gain).
 */
final class PlanEvents {

    private static final int REASON_CHARS = 110;

    private final PlanBook book;
    /** Changes already shown; a handful per job, and the history drops its oldest, so not an index. */
    private final Set<TargetChange> shown = new HashSet<>();

    PlanEvents(PlanBook book) {
        this.book = book;
    }

    /** New target changes of the jobs in {@code names} (application id to job name), oldest first. */
    List<String> newChanges(Map<String, String> names) {
        List<String> lines = new ArrayList<>();
        for (TargetChange change : book.history()) {
            String name = names.get(change.jobId());
            if (name != null && shown.add(change)) {
                lines.add("plan: " + name + " -> " + change.workers() + (change.workers() == 1 ? " worker" : " workers")
                        + " (" + shorten(change.reason()) + ")");
            }
        }
        return lines;
    }

    private static String shorten(String reason) {
        return reason.length() <= REASON_CHARS ? reason : reason.substring(0, REASON_CHARS - 3) + "...";
    }
}
