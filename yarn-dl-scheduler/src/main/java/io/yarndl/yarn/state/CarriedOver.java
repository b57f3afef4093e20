package io.yarndl.yarn.state;

import io.yarndl.yarn.round.PlanBook;
import io.yarndl.yarn.status.SizePoint;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a new scheduler carries on from the one before it (RM restart, failover) besides the plan,
 * the models and the samples: where the DL jobs ran, and the histories the REST API serves.
 *
 * @param dlNodes       the nodes whose NodeManagers held DL workers or parameter servers at the last
 *                      round: the restored plan stays in force until they have re-registered
 * @param sizes         the live jobs' latest held and planned sizes ({@code sizes} of
 *                      {@code /ws/v1/cluster/dl/jobs/{id}}), oldest first
 * @param targetChanges the live jobs' latest target changes ({@code targetChanges}), oldest first
 */
public record CarriedOver(SortedSet<String> dlNodes, List<SizePoint> sizes, List<PlanBook.TargetChange> targetChanges) {

    /** Nothing carried over: a checkpoint of format 1, or a scheduler that ran no DL job. */
    public static final CarriedOver NONE = new CarriedOver(new TreeSet<>(), List.of(), List.of());

    public CarriedOver {
        dlNodes = Collections.unmodifiableSortedSet(new TreeSet<>(Objects.requireNonNull(dlNodes, "dlNodes")));
        sizes = List.copyOf(sizes);
        targetChanges = List.copyOf(targetChanges);
    }
}
