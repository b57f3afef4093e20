package io.yarndl.sim.experiments;

import io.yarndl.sim.cli.SimulatorCli;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs one {@code yarn-dl sim} command line inside an experiment command, printing it first (so
 * every figure of a report can be reproduced from its log) and sharing the experiment's output
 * and error streams.
 */
final class NestedSim {

    private NestedSim() {
    }

    /** Prints {@code == label: yarn-dl ARGS}, runs {@code args} and returns its exit status. */
    static int run(CommandSpec experiment, String label, List<String> args) {
        PrintWriter stdout = experiment.commandLine().getOut();
        stdout.println("== " + label + ": yarn-dl " + String.join(" ", args));
        stdout.flush();
        CommandLine sim = SimulatorCli.commandLine();
        sim.setOut(stdout);
        sim.setErr(experiment.commandLine().getErr());
        return sim.execute(args.toArray(String[]::new));
    }
}
