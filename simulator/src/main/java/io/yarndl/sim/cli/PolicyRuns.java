package io.yarndl.sim.cli;

import io.yarndl.core.placement.PlacementStrategies;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The runs of one {@code yarn-dl sim}: every policy with every placement. Without
 * {@code --placement} each policy places by packing and its row is named by the policy alone, as
 * before placements had names; with it, rows are named {@code policy/placement}.
 */
final class PolicyRuns {

    /** One run: the row's label, the policy, and the placement its sizes go on nodes with. */
    record Run(String label, String policy, String placement) {
    }

    private PolicyRuns() {
    }

    /**
     * @param placements the names given to {@code --placement}, or null for none
     * @throws IllegalArgumentException for an empty, unknown or repeated placement, naming the known ones
     */
    static List<Run> of(List<String> policies, List<String> placements) {
        List<Run> runs = new ArrayList<>();
        if (placements == null) {
            policies.forEach(policy -> runs.add(new Run(policy, policy, PlacementStrategies.DEFAULT)));
            return runs;
        }
        List<String> names = new ArrayList<>();
        for (String raw : placements) {
            String name = raw.trim();
            if (!PlacementStrategies.names().contains(name)) {
                throw new IllegalArgumentException("--placement: unknown placement '" + name + "'; known: "
                        + String.join(", ", PlacementStrategies.names()));
            }
            names.add(name);
        }
        if (names.isEmpty() || new LinkedHashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("--placement must name each placement once, got '"
                    + String.join(",", placements) + "'");
        }
        for (String policy : policies) {
            names.forEach(placement -> runs.add(new Run(policy + "/" + placement, policy, placement)));
        }
        return runs;
    }
}
