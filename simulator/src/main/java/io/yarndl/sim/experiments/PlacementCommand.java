package io.yarndl.sim.experiments;

import io.yarndl.core.placement.PlacementStrategies;
import io.yarndl.sim.cli.ResizeOptions;
import io.yarndl.sim.engine.PlacementTruth;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl placements}: the one command behind docs/placement.md's comparison. Runs
 * {@code yarn-dl sim} once per seed, every policy with every placement ({@code --placement}), on the
 * Philly-derived trace with Sia's applications as its job mix, a 1,000-GPU cluster of 16-node racks
 * and the placement ground truth; then writes {@code placements.md} and {@code placements.csv}.
 */
@Command(name = "placements", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100,
        mixinStandardHelpOptions = true,
        description = {"Compares the placements (packing, spread, topology-aware, ...) under the optimus and drf"
                + " allocations on a 1,000-GPU cluster of 16-node racks (125 nodes x 8 RTX 2080Ti), replaying the"
                + " Philly-derived trace with Sia's applications as its jobs, with the simulator's placement ground"
                + " truth (exact measured placements, racks, neighbours). Prints each placement's avg JCT relative"
                + " to packing per seed, and writes it with a CSV under --out."},
        footerHeading = "%nExamples:%n",
        footer = {"  yarn-dl placements --out placements-out",
            "  yarn-dl placements --jobs 5000 --seeds 1 --server-interference 0.25"})
public final class PlacementCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--policies", split = ",", paramLabel = "NAME", defaultValue = "optimus,drf",
            description = "Allocation policies (default: ${DEFAULT-VALUE}).")
    List<String> policies;

    @Option(names = "--placements", split = ",", paramLabel = "NAME",
            description = "Placements to compare; packing, the baseline, is always run (default: every one built).")
    List<String> placements;

    @Option(names = "--seeds", split = ",", paramLabel = "S", defaultValue = "1,2,3",
            description = "Seeds: each draws the jobs' types and the simulator's noise (default: ${DEFAULT-VALUE}).")
    List<Long> seeds;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "20000",
            description = "The first N jobs of the Philly trace (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--cluster-spec", paramLabel = "TYPE:NODESxGPUS", defaultValue = "rtx:125x8",
            description = "The cluster (default: ${DEFAULT-VALUE}).")
    String clusterSpec;

    @Option(names = "--nodes-per-rack", paramLabel = "R", defaultValue = "16",
            description = "Nodes per rack (default: ${DEFAULT-VALUE}).")
    int nodesPerRack;

    @Option(names = "--cross-rack-factor", paramLabel = "F", defaultValue = "" + PlacementTruth.DEFAULT_CROSS_RACK_FACTOR,
            description = "How many times longer a job's network time takes across racks (default: ${DEFAULT-VALUE}).")
    double crossRackFactor;

    @Option(names = "--server-interference", paramLabel = "A",
            defaultValue = "" + PlacementTruth.DEFAULT_SERVER_INTERFERENCE,
            description = "The share of Gavel's measured GPU-sharing loss a job loses beside another on its server"
                    + " (default: ${DEFAULT-VALUE}).")
    double serverInterference;

    @Option(names = "--data", paramLabel = "DIR", defaultValue = "${env:YARNDL_DATA:-data}",
            description = "The repository's data folder (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "placements-out",
            description = "Folder for each seed's sim output and the report (default: ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ResizeOptions resize;

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PlacementComparison comparison = new PlacementComparison();
        for (long seed : seeds) {
            Path folder = out.resolve("seed-" + seed);
            List<String> args = new ArrayList<>(List.of("sim", "--trace", "philly", "--philly-mix", "sia",
                    "--philly-file", data.resolve("pollux/traces/philly.csv").toString(),
                    "--sia-data", data.resolve("sia").toString(), "--jobs", Integer.toString(jobs),
                    "--cluster-spec", clusterSpec, "--nodes-per-rack", Integer.toString(nodesPerRack),
                    "--policies", String.join(",", policies), "--placement", String.join(",", placementNames()),
                    "--baseline", policies.get(0) + "/" + PlacementComparison.BASELINE,
                    "--ground-truth", "placement", "--cross-rack-factor", Double.toString(crossRackFactor),
                    "--server-interference", Double.toString(serverInterference),
                    "--seed", Long.toString(seed), "--out", folder.toString()));
            args.addAll(resize.simArgs());
            int status = NestedSim.run(spec, "seed " + seed, args);
            if (status != 0) {
                return status;
            }
            comparison.add(seed, SummaryRow.read(folder.resolve("summary.csv")));
        }
        comparison.write(out);
        stdout.println();
        stdout.print(comparison.markdown());
        stdout.println("report: " + out.resolve("placements.md") + ", " + out.resolve("placements.csv"));
        stdout.flush();
        return 0;
    }

    /** The placements asked for, packing first (the baseline every ratio needs). */
    private List<String> placementNames() {
        List<String> names = new ArrayList<>(List.of(PlacementComparison.BASELINE));
        for (String name : placements == null ? PlacementStrategies.names() : placements) {
            String trimmed = name.trim();
            if (!PlacementStrategies.names().contains(trimmed)) {
                throw new ParameterException(spec.commandLine(), "--placements: unknown placement '" + name
                        + "'; known: " + String.join(", ", PlacementStrategies.names()));
            }
            if (!names.contains(trimmed)) {
                names.add(trimmed);
            }
        }
        return names;
    }
}
