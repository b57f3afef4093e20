package io.yarndl.yarn.state;

import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.status.SizePoint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * What a new scheduler carries on from the one before it (RM restart, failover) besides the plan,
 * the models and the samples: where the DL jobs ran, and the histories the REST API serves.
 *
 * @param dlNodes       the nodes whose NodeManagers held DL workers or parameter servers at the last
 *                      round: the restored plan stays in force until they have re-registered
 * @param sizes         the live jobs' latest held and planned sizes ({@code sizes} of
 *                      {@code /ws/v1/cluster/dl/jobs/{id}}), oldest first
 * @param targetChanges the live jobs' latest target changes ({@code targetChanges}), oldest first
 *
 * <p>Both histories are kept in one canonical order, by time and then by job id, one job's points
 * keeping their relative order. The checkpoint stores them grouped by job, so points of different
 * jobs recorded at the same instant cannot come back in the order they were recorded in; without a
 * canonical order the checkpoint read after a restart would not equal the one written before it.
 */
public record CarriedOver(SortedSet<String> dlNodes, List<SizePoint> sizes, List<PlanBook.TargetChange> targetChanges) {

    /** Nothing carried over: a checkpoint of format 1, or a scheduler that ran no DL job. */
    public static final CarriedOver NONE = new CarriedOver(new TreeSet<>(), List.of(), List.of());

    public CarriedOver {
        dlNodes = Collections.unmodifiableSortedSet(new TreeSet<>(Objects.requireNonNull(dlNodes, "dlNodes")));
        sizes = inCanonicalOrder(sizes, SizePoint::timeSec, SizePoint::jobId);
        targetChanges = inCanonicalOrder(targetChanges, PlanBook.TargetChange::timeSec, PlanBook.TargetChange::jobId);
    }

    private static <T> List<T> inCanonicalOrder(List<T> points, ToDoubleFunction<T> time, Function<T, String> job) {
        List<T> sorted = new ArrayList<>(points);
        // List.sort is stable: a job's points at one instant keep the order they were recorded in.
        sorted.sort(Comparator.comparingDouble(time).thenComparing(job));
        return List.copyOf(sorted);
    }
}
