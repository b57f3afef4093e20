package io.yarndl.sim.experiments;

import java.util.List;
import java.util.Objects;

/**
 * One setting of the heterogeneous comparison: a workload on a cluster, as the arguments of one
 * {@code yarn-dl sim} run (every policy of the comparison runs on it in turn).
 *
 * @param name     the folder under {@code --out} and the table's row label
 * @param title    what it is, for the report's heading
 * @param simArgs  {@code --trace}, {@code --cluster-spec} and the workload's options
 * @param paper    what the paper this setting comes from reports for it, in words, or empty
 */
public record Scenario(String name, String title, List<String> simArgs, String paper) {

    public Scenario {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        simArgs = List.copyOf(simArgs);
        Objects.requireNonNull(paper, "paper");
    }
}
