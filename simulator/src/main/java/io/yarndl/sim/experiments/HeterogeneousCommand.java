package io.yarndl.sim.experiments;

import io.yarndl.core.policy.gavel.GavelObjectives;
import io.yarndl.sim.cli.ResizeOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code yarn-dl heterogeneous}: the one command behind the heterogeneous comparison of
 * docs/gavel.md. Runs {@code yarn-dl sim} once per {@link Scenario}, every policy in turn, into
 * {@code --out/<scenario>/}, then writes {@code heterogeneous.md} and {@code heterogeneous.csv}.
 */
@Command(name = "heterogeneous", sortOptions = false, usageHelpAutoWidth = true, usageHelpWidth = 100,
        mixinStandardHelpOptions = true,
        description = {"Compares Gavel's policies (aware, agnostic, and with space sharing) with fifo, drf, optimus"
                + " and dl2 on mixed GPU"
                + " clusters: Gavel's static trace at 4:4:4 and 12:0:0 V100:P100:K80, Gavel's continuous"
                + " workload at 36:36:36, and Sia's Philly and Saturn workloads on Sia's T4/A100/RTX cluster."
                + " Prints a markdown table and writes it, with a CSV, under --out."},
        footerHeading = "%nExamples:%n",
        footer = {"  yarn-dl heterogeneous --out heterogeneous-out",
            "  yarn-dl heterogeneous --scenarios gavel-static-4-4-4 --policies gavel-fifo,gavel-fifo-perf"})
public final class HeterogeneousCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--scenarios", split = ",", paramLabel = "NAME",
            description = "Scenarios to run (default: all of gavel-static-4-4-4, gavel-static-12-0-0,"
                    + " gavel-continuous-36-36-36, sia-philly-1, sia-saturn-1).")
    List<String> scenarios;

    @Option(names = "--policies", split = ",", paramLabel = "NAME",
            description = "Policies to compare (default: fifo, drf, optimus, dl2 and every gavel-* policy).")
    List<String> policies;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "300",
            description = "Jobs of the continuous workload (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--lam", paramLabel = "SEC", defaultValue = "900",
            description = "Mean inter-arrival time of the continuous workload, Gavel's lam (default: ${DEFAULT-VALUE}).")
    double lamSec;

    @Option(names = "--interval-sec", paramLabel = "SEC", defaultValue = "360",
            description = "Scheduling interval, Gavel's round (default: ${DEFAULT-VALUE}).")
    double intervalSec;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42",
            description = "Seeds the simulator's noise and the continuous workload (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--data", paramLabel = "DIR", defaultValue = "${env:YARNDL_DATA:-data}",
            description = "The repository's data folder (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "heterogeneous-out",
            description = "Folder for each scenario's sim output and the report (default: ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ResizeOptions resize;

    @Override
    public Integer call() throws Exception {
        Map<String, Scenario> known = HeterogeneousScenarios.all(data, jobs, lamSec);
        List<Scenario> chosen = new ArrayList<>();
        for (String name : scenarios == null ? List.copyOf(known.keySet()) : scenarios) {
            Scenario scenario = known.get(name.trim());
            if (scenario == null) {
                throw new ParameterException(spec.commandLine(), "--scenarios: unknown scenario '" + name
                        + "'; known: " + String.join(", ", known.keySet()));
            }
            chosen.add(scenario);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        HeterogeneousReport report = new HeterogeneousReport();
        for (Scenario scenario : chosen) {
            Path folder = out.resolve(scenario.name());
            List<String> args = new ArrayList<>(List.of("sim"));
            args.addAll(scenario.simArgs());
            args.addAll(List.of("--policies", String.join(",", policyNames()), "--interval-sec",
                    Double.toString(intervalSec), "--seed", Long.toString(seed), "--out", folder.toString()));
            args.addAll(resize.simArgs());
            int status = NestedSim.run(spec, scenario.name(), args);
            if (status != 0) {
                return status;
            }
            report.add(scenario, SummaryRow.read(folder.resolve("summary.csv")));
        }
        report.write(out);
        stdout.println();
        stdout.print(report.markdown());
        stdout.println("report: " + out.resolve("heterogeneous.md") + ", " + out.resolve("heterogeneous.csv"));
        stdout.flush();
        return 0;
    }

    private List<String> policyNames() {
        if (policies != null) {
            return policies;
        }
        List<String> names = new ArrayList<>(List.of("fifo", "drf", "optimus", "dl2"));
        names.addAll(GavelObjectives.names());
        return names;
    }
}
