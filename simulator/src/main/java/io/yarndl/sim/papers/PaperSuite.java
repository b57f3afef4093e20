package io.yarndl.sim.papers;

import io.yarndl.sim.trace.SiaWorkloadReader;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ClusterSpecSyntax;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaApplications;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * One paper's set of workloads on the paper's cluster, as {@code yarn-dl papers} replays it: the
 * same files, cluster and job types that {@code yarn-dl sim --trace pollux-workload:N} or
 * {@code sia-philly:N} read, so any cell of its table can be re-run alone with {@code sim}.
 *
 * @param name            the name {@code --suites} takes and the key of its published figures
 * @param title           what it is, for the table's heading
 * @param clusterSpec     the paper's cluster in {@code --cluster-spec} syntax
 * @param simTrace        {@code sim}'s {@code --trace} for workload N, with {@code %d} for N
 * @param workloads       the workload files, in order (workload-1 first)
 * @param dataDir         the profiles' folder ({@code data/pollux} or {@code data/sia})
 * @param polluxProfiles  whether the profiles are Pollux's (T4, no suffix) rather than Sia's per GPU type
 * @param heterogeneous   whether the cluster mixes GPU types (Gavel's aware policies apply, not its agnostic ones)
 */
public record PaperSuite(String name, String title, String clusterSpec, String simTrace, List<Path> workloads,
                         Path dataDir, boolean polluxProfiles, boolean heterogeneous) {

    /** Nodes per rack of the paper's cluster: {@code sim}'s default, so its runs and these agree. */
    static final int NODES_PER_RACK = 16;

    public PaperSuite {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(clusterSpec, "clusterSpec");
        Objects.requireNonNull(simTrace, "simTrace");
        workloads = List.copyOf(workloads);
        Objects.requireNonNull(dataDir, "dataDir");
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException(name + ": a suite needs at least one workload");
        }
    }

    /** The same suite with only its first {@code n} workloads. */
    public PaperSuite firstWorkloads(int n) {
        return n >= workloads.size() ? this
                : new PaperSuite(name, title, clusterSpec, simTrace, workloads.subList(0, n), dataDir, polluxProfiles,
                        heterogeneous);
    }

    /** The paper's cluster. */
    public ClusterSpec cluster() {
        return ClusterSpec.ofGroups(ClusterSpecSyntax.parse(clusterSpec), NODES_PER_RACK);
    }

    /** The job types of its workloads, made once per command so that every run shares their batch choices. */
    public SiaJobTypes jobTypes(boolean fixedBatch) {
        SiaApplications applications = polluxProfiles ? SiaApplications.pollux(dataDir) : SiaApplications.in(dataDir);
        return SiaJobTypes.forWorkloads(applications, fixedBatch);
    }

    /** The jobs of workload {@code index} (0 for workload-1), the first {@code limit} of them when limit is not null. */
    public List<TraceJob> jobs(int index, SiaJobTypes types, Integer limit) throws IOException {
        List<TraceJob> all = SiaWorkloadReader.read(workloads.get(index), types);
        return limit == null || limit >= all.size() ? all : List.copyOf(all.subList(0, limit));
    }

    /** The file name of workload {@code index} without {@code .csv}, e.g. {@code workload-3}. */
    public String workloadName(int index) {
        String file = workloads.get(index).getFileName().toString();
        return file.endsWith(".csv") ? file.substring(0, file.length() - 4) : file;
    }

    /** {@code sim}'s {@code --trace} for workload {@code index}, to reproduce one cell. */
    public String simTraceOf(int index) {
        return String.format(simTrace, index + 1);
    }
}
