package io.yarndl.am.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The yarn-dl client, {@code yarn jar yarn-dl-am.jar <command>} (the jar's Main-Class): submits
 * elastic deep-learning jobs and shows, lists and kills them. {@link #run} is the whole CLI without
 * {@code System.exit}.
 *
 * <p><b>No Hadoop before a command runs.</b> This class, the command classes and their options
 * name no Hadoop type in a field or a signature (picocli reads them by reflection, which loads
 * those types): they reach the cluster only through {@link ClusterCommands}, whose Hadoop side,
 * {@link YarnCommands}, is loaded when a command runs. So {@code --help}, {@code -V} and a wrong
 * command line work with {@code java -jar yarn-dl-am.jar} alone, without a Hadoop client install.
 *
 * <p>Exit codes: 0 done (or, with {@code submit --wait}, the job succeeded); 1 the job failed or
 * YARN answered with an error; 2 the command line is wrong, reported before anything is submitted.
 */
@Command(name = "yarn-dl-am", mixinStandardHelpOptions = true, versionProvider = YarnDlCli.Version.class,
        usageHelpAutoWidth = true,
        headerHeading = "%n", header = "Run elastic deep-learning jobs on YARN.",
        synopsisHeading = "%nUsage: ", synopsisSubcommandLabel = "COMMAND",
        customSynopsis = "yarn jar yarn-dl-am.jar COMMAND [OPTIONS]",
        descriptionHeading = "%n",
        description = "Each job runs under the yarn-dl elastic ApplicationMaster, which grows and shrinks it "
                + "between its minimum and maximum number of workers as the DL scheduler decides, restarting the "
                + "training script from its last checkpoint at each change. `COMMAND --help` describes each command.",
        commandListHeading = "%nCommands:%n", optionListHeading = "%nOptions:%n",
        footerHeading = "%nExample:%n",
        footer = {
            "  yarn jar yarn-dl-am.jar submit --name mnist --min-workers 1 --max-workers 4 \\",
            "      --steps 2000 --script train.py -- --lr 0.01",
            "  yarn jar yarn-dl-am.jar status application_1700000000000_0001"
        })
public final class YarnDlCli implements Callable<Integer> {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILURE = 1;
    public static final int EXIT_USAGE = 2;

    static final String NAME = "yarn-dl-am";

    @Spec
    CommandSpec spec;

    private YarnDlCli() {
    }

    /** The cluster is the one of the Hadoop configuration on the classpath ({@code yarn jar} puts it there). */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, new LazyYarnCommands()));
    }

    /**
     * Runs one command.
     *
     * @param cluster what the commands do against the cluster; not touched by help, version or a
     *                wrong command line
     * @return the exit code: {@link #EXIT_OK}, {@link #EXIT_FAILURE} or {@link #EXIT_USAGE}
     */
    static int run(String[] args, PrintStream out, PrintStream err, ClusterCommands cluster) {
        CommandLine cli = new CommandLine(new YarnDlCli());
        cli.addSubcommand("submit", new SubmitCommand(cluster));
        cli.addSubcommand("status", new StatusCommand(cluster));
        cli.addSubcommand("kill", new KillCommand(cluster));
        cli.addSubcommand("list", new ListCommand(cluster));
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cli.setParameterExceptionHandler(YarnDlCli::usageError);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof UsageException) {
                return report(commandLine, e.getMessage(), EXIT_USAGE);
            }
            String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
            return report(commandLine, "error: " + message, EXIT_FAILURE);
        });
        cli.setExitCodeExceptionMapper(e -> e instanceof UsageException ? EXIT_USAGE : EXIT_FAILURE);
        return cli.execute(args);
    }

    /** No command: the usage, on stderr, as for any other wrong command line. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return report(spec.commandLine(), "no command given (submit, status, kill or list)", EXIT_USAGE);
    }

    private static int usageError(ParameterException e, String[] args) {
        CommandLine commandLine = e.getCommandLine();
        PrintWriter err = commandLine.getErr();
        UnmatchedArgumentException.printSuggestions(e, err);
        String message = e.getMessage();
        if (message != null && message.contains("expected only one match")) {
            // Picocli's words for a single-value option of an option group given twice.
            message = repeatedOption(commandLine, args) + " is given more than once";
        }
        return report(commandLine, message, EXIT_USAGE);
    }

    /** The first single-value option named twice in {@code args} (before {@code --}). */
    private static String repeatedOption(CommandLine commandLine, String[] args) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String arg : args) {
            if (arg.equals("--")) {
                break;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            CommandLine.Model.OptionSpec option = commandLine.getCommandSpec().findOption(name);
            if (option != null && !option.isMultiValue() && option.arity().max() > 0
                    && !seen.add(option.longestName())) {
                return option.longestName();
            }
        }
        return "an option";
    }

    private static int report(CommandLine commandLine, String message, int exitCode) {
        PrintWriter err = commandLine.getErr();
        String command = commandLine.getCommandSpec().qualifiedName(" ");
        err.println(command + ": " + message);
        if (exitCode == EXIT_USAGE) {
            err.println("Try '" + command + " --help' for more information.");
        }
        err.flush();
        return exitCode;
    }

    /** This jar's version (from its Maven metadata), Hadoop's (when on the classpath) and Java's. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {NAME + " " + ownVersion(),
                    "Hadoop " + hadoopVersion() + ", Java " + System.getProperty("java.version")};
        }

        /** By reflection: {@code -V} must work without Hadoop on the classpath. */
        static String hadoopVersion() {
            try {
                return String.valueOf(Class.forName("org.apache.hadoop.util.VersionInfo").getMethod("getVersion")
                        .invoke(null));
            } catch (ReflectiveOperationException | LinkageError e) {
                return "(not on the classpath)";
            }
        }

        static String ownVersion() {
            try (InputStream in = YarnDlCli.class.getResourceAsStream(
                    "/META-INF/maven/io.yarndl/am-elastic/pom.properties")) {
                if (in == null) {
                    return "(development build)";
                }
                Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version", "(unknown version)");
            } catch (IOException e) {
                return "(unknown version)";
            }
        }
    }
}
