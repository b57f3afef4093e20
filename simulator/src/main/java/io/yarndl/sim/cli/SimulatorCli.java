package io.yarndl.sim.cli;

import io.yarndl.sim.dl2.EvaluateCommand;
import io.yarndl.sim.dl2.RolloutsCommand;
import io.yarndl.sim.experiments.HeterogeneousCommand;
import io.yarndl.sim.experiments.PlacementCommand;
import io.yarndl.sim.marl.MarlRolloutsCommand;
import io.yarndl.sim.papers.PapersCommand;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The simulator's command line, the Java half of {@code bin/yarn-dl sim}, {@code generate},
 * {@code rollouts}, {@code evaluate} and the experiments ({@code heterogeneous}, {@code placements},
 * {@code papers}).
 *
 * <p>Exit status: 0 done, 1 the run failed (the message says why; set {@code YARNDL_DEBUG=1} for
 * the stack trace), 2 bad arguments (the message names the argument; no run was started).
 */
@Command(name = "yarn-dl", mixinStandardHelpOptions = true, usageHelpAutoWidth = true, usageHelpWidth = 100,
        versionProvider = SimulatorCli.Version.class,
        description = "Elastic GPU scheduling for Hadoop YARN: trace-driven simulator.",
        subcommands = {SimCommand.class, GenerateCommand.class, RolloutsCommand.class, EvaluateCommand.class,
            HeterogeneousCommand.class, PlacementCommand.class, PapersCommand.class, MarlRolloutsCommand.class,
            HelpCommand.class},
        footerHeading = "%nExamples:%n",
        footer = {
            "  yarn-dl sim --policies fifo,drf,optimus --seed 42",
            "  yarn-dl generate --seed 42 --jobs 120 --load 0.9 --out workload.csv",
            "  yarn-dl evaluate --policies drf,optimus,dl2 --seeds 9001-9010",
            "  yarn-dl heterogeneous --out heterogeneous-out",
            "  yarn-dl papers --suites pollux --policies drf,optimus",
            "  yarn-dl help sim"})
public final class SimulatorCli implements Callable<Integer> {

    /** Exit status of a run that started and failed. */
    public static final int EXIT_FAILED = 1;
    /** Exit status of bad arguments (picocli's usage code). */
    public static final int EXIT_USAGE = 2;

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line; tests call {@code execute} on it with their own writers. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new SimulatorCli());
        // -V on a subcommand ("yarn-dl sim -V") prints the same version as on the top command.
        Version version = new Version();
        cli.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(version));
        cli.setParameterExceptionHandler(SHORT_USAGE_ERRORS);
        cli.setExecutionExceptionHandler(ONE_LINE_FAILURES);
        return cli;
    }

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // "yarn-dl" alone: say what there is rather than nothing.
        PrintWriter err = spec.commandLine().getErr();
        err.println("yarn-dl: missing subcommand: sim, generate, rollouts, evaluate or heterogeneous");
        spec.commandLine().usage(err);
        err.flush();
        return EXIT_USAGE;
    }

    /** Bad arguments: the message and where to find help, not the whole usage screen. */
    private static final IParameterExceptionHandler SHORT_USAGE_ERRORS = (ex, args) -> {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + ex.getMessage());
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("See '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
        err.flush();
        return EXIT_USAGE;
    };

    private static final IExecutionExceptionHandler ONE_LINE_FAILURES = (ex, cmd, parseResult) -> {
        PrintWriter err = cmd.getErr();
        // A runtime exception's message is written for people; an I/O exception's is often a bare path.
        String why = ex instanceof RuntimeException && ex.getMessage() != null ? ex.getMessage() : ex.toString();
        err.println(cmd.getCommandSpec().qualifiedName() + ": failed: " + why);
        if (System.getenv("YARNDL_DEBUG") != null) {
            ex.printStackTrace(err);
        } else {
            err.println("(set YARNDL_DEBUG=1 for the stack trace)");
        }
        err.flush();
        return EXIT_FAILED;
    };

    /** The version from the jar manifest, or {@code dev} when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = SimulatorCli.class.getPackage().getImplementationVersion();
            return new String[] {"yarn-dl " + (version != null ? version : "dev")};
        }
    }
}
