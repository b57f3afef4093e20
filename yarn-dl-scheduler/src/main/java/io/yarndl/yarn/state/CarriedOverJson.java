package io.yarndl.yarn.state;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.yarndl.contract.json.InvalidField;
import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.status.SizePoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The checkpoint's {@code carriedOver} field (format 2 on):
 * <pre>{@code
 * "carriedOver":{"dlNodes":["node-1","node-2"],
 *   "sizes":{"application_1_0001":[[1732199990.0,2,0,2,0]]},
 *   "targetChanges":{"application_1_0001":[[1732199980.0,2,0,"marginal gain 0.8"]]}}
 * }</pre>
 * Sizes are {@code [timeSec, heldWorkers, heldPs, targetWorkers, targetPs]} and target changes
 * {@code [timeSec, workers, ps, reason]}, grouped by job (jobs in id order, each job's oldest
 * first). Reading gives the record's canonical order back: by time, then job id.
 */
record CarriedOverJson(List<String> dlNodes, Map<String, List<Size>> sizes, Map<String, List<Change>> targetChanges) {

    static final String FIELD = "carriedOver";

    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record Size(double timeSec, int heldWorkers, int heldPs, int targetWorkers, int targetPs) {

        Size {
            count("heldWorkers", heldWorkers);
            count("heldPs", heldPs);
            count("targetWorkers", targetWorkers);
            count("targetPs", targetPs);
        }
    }

    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record Change(double timeSec, int workers, int ps, String reason) {

        Change {
            count("workers", workers);
            count("ps", ps);
        }
    }

    static CarriedOverJson of(CarriedOver carried) {
        Map<String, List<Size>> sizes = new TreeMap<>();
        for (SizePoint point : carried.sizes()) {
            sizes.computeIfAbsent(point.jobId(), job -> new ArrayList<>()).add(new Size(point.timeSec(),
                    point.heldWorkers(), point.heldPs(), point.targetWorkers(), point.targetPs()));
        }
        Map<String, List<Change>> changes = new TreeMap<>();
        for (PlanBook.TargetChange change : carried.targetChanges()) {
            changes.computeIfAbsent(change.jobId(), job -> new ArrayList<>()).add(new Change(change.timeSec(),
                    change.workers(), change.ps(), change.reason()));
        }
        return new CarriedOverJson(List.copyOf(carried.dlNodes()), sizes, changes);
    }

    CarriedOver toCarriedOver() {
        List<SizePoint> points = new ArrayList<>();
        sizes.forEach((job, list) -> list.forEach(size -> points.add(new SizePoint(size.timeSec, job, size.heldWorkers,
                size.heldPs, size.targetWorkers, size.targetPs))));
        List<PlanBook.TargetChange> changes = new ArrayList<>();
        targetChanges.forEach((job, list) -> list.forEach(change -> changes.add(new PlanBook.TargetChange(
                change.timeSec, job, change.workers, change.ps, change.reason))));
        return new CarriedOver(new TreeSet<>(dlNodes), points, changes);
    }

    private static void count(String field, int value) {
        if (value < 0) {
            throw new InvalidField(field, "holds a negative count " + value);
        }
    }
}
