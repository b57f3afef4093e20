package io.yarndl.sim.cli;

import io.yarndl.sim.engine.PlacementTruth;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What the simulator's ground truth makes of placement ({@link PlacementTruth}): only node counts,
 * as every figure measured before issue 19, or the measured placement effects.
 */
public final class PlacementTruthOptions {

    static final String NODES = "nodes";
    static final String PLACEMENT = "placement";

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--ground-truth", paramLabel = "nodes|placement", defaultValue = NODES,
            description = {"What a job's true speed sees of where it runs: 'nodes' (how many nodes it spans) or"
                    + " 'placement' (also Sia's exact measured placements, racks, and neighbours on its servers;"
                    + " docs/placement.md) (default: ${DEFAULT-VALUE})."})
    String groundTruth;

    @Option(names = "--cross-rack-factor", paramLabel = "F",
            description = {"With --ground-truth placement: how many times longer a job's network time takes"
                    + " across racks (default: " + PlacementTruth.DEFAULT_CROSS_RACK_FACTOR + ")."})
    Double crossRackFactor;

    @Option(names = "--server-interference", paramLabel = "A",
            description = {"With --ground-truth placement: the share, in [0, 1], of Gavel's measured loss from"
                    + " sharing a GPU that a job loses beside another job on its server (default: "
                    + PlacementTruth.DEFAULT_SERVER_INTERFERENCE + ")."})
    Double serverInterference;

    /**
     * The ground truth these options name.
     *
     * @throws ParameterException for an unknown name, a factor out of range, or a factor with 'nodes'
     */
    public PlacementTruth toTruth() {
        String name = groundTruth.trim().toLowerCase(Locale.ROOT);
        if (NODES.equals(name)) {
            if (crossRackFactor != null || serverInterference != null) {
                throw usage("--cross-rack-factor and --server-interference need --ground-truth placement");
            }
            return PlacementTruth.NODES_ONLY;
        }
        if (!PLACEMENT.equals(name)) {
            throw usage("--ground-truth '" + groundTruth + "': expected nodes or placement");
        }
        try {
            return new PlacementTruth(true,
                    crossRackFactor != null ? crossRackFactor : PlacementTruth.DEFAULT_CROSS_RACK_FACTOR,
                    serverInterference != null ? serverInterference : PlacementTruth.DEFAULT_SERVER_INTERFERENCE);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** The ground truth in words, for a run's first line. */
    public String describe() {
        PlacementTruth truth = toTruth();
        return truth.placementMatters()
                ? String.format(Locale.ROOT, "placement ground truth (cross-rack x%.2g, server interference %.2g)",
                        truth.crossRackFactor(), truth.serverInterference())
                : "node-count ground truth";
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
