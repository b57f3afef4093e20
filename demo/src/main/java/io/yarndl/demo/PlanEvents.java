package io.yarndl.demo;

import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.round.PlanBook.TargetChange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The scheduler's resize decisions for the demo's jobs, as lines: at most one per job per call, its
 * newest planned size with the policy's reason (e.g. Optimus' marginal gain). Several scheduling
 * rounds pass between two refreshes of the demo's screen; printing each of their changes showed a
 * job going 1 -> 0 -> 1 worker at one instant, so only where a job ends up is shown, and only when
 * that differs from the size last shown for it.
 */
final class PlanEvents {

    private static final int REASON_CHARS = 110;

    private final PlanBook book;
    /** Changes already seen; a handful per job, and the history drops its oldest, so not an index. */
    private final Set<TargetChange> seen = new HashSet<>();
    /** The size last printed per job. */
    private final Map<String, TargetChange> shown = new HashMap<>();

    PlanEvents(PlanBook book) {
        this.book = book;
    }

    /** The jobs in {@code names} (application id to job name) whose target moved since the last call. */
    List<String> newChanges(Map<String, String> names) {
        Map<String, TargetChange> newest = new LinkedHashMap<>();
        for (TargetChange change : book.history()) {
            if (names.containsKey(change.jobId()) && seen.add(change)) {
                newest.remove(change.jobId());
                newest.put(change.jobId(), change);
            }
        }
        List<String> lines = new ArrayList<>();
        for (TargetChange change : newest.values()) {
            TargetChange before = shown.put(change.jobId(), change);
            if (before == null || before.workers() != change.workers() || before.ps() != change.ps()) {
                lines.add(line(names.get(change.jobId()), change));
            }
        }
        return lines;
    }

    private static String line(String name, TargetChange change) {
        return "plan: " + name + " -> " + change.workers() + (change.workers() == 1 ? " worker" : " workers")
                + " (" + shorten(change.reason()) + ")";
    }

    private static String shorten(String reason) {
        return reason.length() <= REASON_CHARS ? reason : reason.substring(0, REASON_CHARS - 3) + "...";
    }
}
