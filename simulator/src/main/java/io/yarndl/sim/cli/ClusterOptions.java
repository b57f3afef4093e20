package io.yarndl.sim.cli;

import io.yarndl.core.cluster.Resources;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.ClusterSpecSyntax;
import io.yarndl.sim.workload.NodeGroup;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * The simulated cluster's shape, shared by {@code sim}, {@code generate}, {@code rollouts} and
 * {@code evaluate} (a synthetic load is relative to the cluster's GPUs): either homogeneous nodes
 * ({@code --cluster-nodes}, {@code --gpus-per-node}, {@code --accelerator}, ...) or groups of nodes
 * of several GPU types ({@code --cluster-spec v100:9x4,k80:9x4}), never both.
 */
public final class ClusterOptions {

    /** Default node count for every trace but Philly's: 4 x 8 = 32 GPUs, small enough that 120 jobs keep it busy. */
    public static final int DEFAULT_NODES = 4;

    /**
     * Philly's replay cluster: 313 nodes of 8 GPUs = 2,504 GPUs, about the 2,500 GPUs of the
     * cluster the trace came from (Jeon et al., ATC'19).
     */
    static final int PHILLY_NODES = 313;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    /** The options that describe a homogeneous cluster, which --cluster-spec replaces. */
    private static final List<String> HOMOGENEOUS = List.of("--cluster-nodes", "--gpus-per-node",
            "--vcores-per-node", "--memory-gb-per-node", "--accelerator");

    @Option(names = "--cluster-spec", paramLabel = "TYPE:NODESxGPUS,...",
            description = {"A cluster of several GPU types, one group per part, e.g. v100:9x4,p100:9x4,k80:9x4;"
                    + " types are stored upper-case (Sia's names aws, azure, dgx, dgx-ext, quad, rtx stand for T4,"
                    + " V100, A100, A100, QUADRO, RTX), nodes are named by type (v100-0000), and each node has "
                    + NodeGroup.VCORES_PER_GPU + " vcores and " + NodeGroup.MEMORY_MB_PER_GPU / 1024
                    + " GiB per GPU. Replaces --cluster-nodes, --gpus-per-node, --vcores-per-node,"
                    + " --memory-gb-per-node and --accelerator."})
    String clusterSpec;

    @Option(names = "--cluster-nodes", paramLabel = "N",
            description = "Nodes in the simulated cluster (default: " + DEFAULT_NODES + ", or " + PHILLY_NODES
                    + " = 2,504 GPUs for --trace philly).")
    Integer nodes;

    @Option(names = "--gpus-per-node", paramLabel = "G", defaultValue = "8",
            description = "GPUs per node (default: ${DEFAULT-VALUE}).")
    int gpusPerNode;

    @Option(names = "--vcores-per-node", paramLabel = "C", defaultValue = "64",
            description = "Virtual cores per node (default: ${DEFAULT-VALUE}).")
    int vcoresPerNode;

    @Option(names = "--memory-gb-per-node", paramLabel = "GB", defaultValue = "512",
            description = "Memory per node in GiB (default: ${DEFAULT-VALUE}).")
    int memoryGbPerNode;

    @Option(names = "--nodes-per-rack", paramLabel = "R", defaultValue = "16",
            description = "Nodes per rack (default: ${DEFAULT-VALUE}).")
    int nodesPerRack;

    @Option(names = "--accelerator", paramLabel = "TYPE", defaultValue = "V100",
            description = "GPU model the nodes report (default: ${DEFAULT-VALUE}).")
    String accelerator;

    /** The cluster these options describe, {@code defaultNodes} nodes unless given. */
    public ClusterSpec toSpec(int defaultNodes) {
        positive("--nodes-per-rack", nodesPerRack);
        if (clusterSpec != null) {
            return mixed();
        }
        int n = nodes != null ? nodes : defaultNodes;
        positive("--cluster-nodes", n);
        positive("--gpus-per-node", gpusPerNode);
        positive("--vcores-per-node", vcoresPerNode);
        positive("--memory-gb-per-node", memoryGbPerNode);
        return new ClusterSpec(n, Resources.of(gpusPerNode, vcoresPerNode, memoryGbPerNode * 1024L), nodesPerRack,
                accelerator);
    }

    private ClusterSpec mixed() {
        ParseResult parsed = mixee.commandLine().getParseResult();
        for (String option : HOMOGENEOUS) {
            if (parsed != null && parsed.hasMatchedOption(option)) {
                throw new ParameterException(mixee.commandLine(), "--cluster-spec and " + option
                        + " exclude each other: --cluster-spec gives every group's type, nodes and GPUs");
            }
        }
        try {
            return ClusterSpec.ofGroups(ClusterSpecSyntax.parse(clusterSpec), nodesPerRack);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--cluster-spec '" + clusterSpec + "': " + e.getMessage());
        }
    }

    private void positive(String option, int value) {
        if (value < 1) {
            throw new ParameterException(mixee.commandLine(), option + " must be at least 1, got " + value);
        }
    }
}
