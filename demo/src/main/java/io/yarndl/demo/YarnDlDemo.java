package io.yarndl.demo;

import io.yarndl.core.policy.PolicyRegistry;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code bin/yarn-dl demo}: starts a whole YARN cluster in this JVM (ZooKeeper, HDFS, a
 * ResourceManager running the DeepLearningScheduler, two NodeManagers with 4 GPUs each), submits two
 * elastic PyTorch jobs through the real client, shows their progress until they end, then stops
 * everything ({@link DemoRun}).
 *
 * <p>Exit status: 0 both jobs succeeded, 1 a job did not succeed or the demo failed (the message says
 * why), 2 bad options (the message names the option; nothing was started), 130 stopped by Ctrl-C.
 */
@Command(name = "yarn-dl demo", mixinStandardHelpOptions = true, usageHelpAutoWidth = true, usageHelpWidth = 100,
        versionProvider = YarnDlDemo.Version.class, sortOptions = false,
        description = {
            "Starts an embedded YARN cluster (ZooKeeper, HDFS, a ResourceManager running the yarn-dl "
                    + "DeepLearningScheduler, 2 NodeManagers with 4 GPUs each), submits two elastic PyTorch "
                    + "jobs (examples/ddp_cnn.py, 1 to 2 workers of 3 GPUs, so the cluster holds two workers "
                    + "in all) and shows their progress: the first job grows to 2 workers, shrinks to 1 when the "
                    + "second arrives and grows back when it ends. Prints the web page and REST URLs, a summary "
                    + "at the end, then stops everything.",
            "Ctrl-C stops the jobs and the cluster cleanly; a second Ctrl-C exits at once."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  bin/yarn-dl demo",
            "  bin/yarn-dl demo --policy drf --keep-running",
            "  bin/yarn-dl demo --epochs 3 --second-epochs 1 --web-port 8090"})
public final class YarnDlDemo implements Callable<Integer> {

    /** Exit status: a job did not succeed, or the demo failed. */
    public static final int EXIT_FAILED = 1;
    /** Exit status: bad options. */
    public static final int EXIT_USAGE = 2;
    /** Exit status after Ctrl-C, as shells report a process ended by SIGINT. */
    public static final int EXIT_INTERRUPTED = 130;

    @Spec
    CommandSpec spec;

    @Option(names = "--policy", paramLabel = "NAME", defaultValue = "optimus", completionCandidates = PolicyNames.class,
            description = "Scheduling policy of the ResourceManager: ${COMPLETION-CANDIDATES} (default: "
                    + "${DEFAULT-VALUE}). fifo and drf keep each job at its requested size (2 workers).")
    String policy;

    @Option(names = "--epochs", paramLabel = "E", defaultValue = "10",
            description = "Epochs of the first job (default: ${DEFAULT-VALUE}).")
    int firstEpochs;

    @Option(names = "--second-epochs", paramLabel = "E", defaultValue = "3",
            description = "Epochs of the second job (default: ${DEFAULT-VALUE}).")
    int secondEpochs;

    @Option(names = "--steps-per-epoch", paramLabel = "S", defaultValue = "40",
            description = "Optimiser steps per epoch, both jobs (default: ${DEFAULT-VALUE}).")
    int stepsPerEpoch;

    @Option(names = "--step-seconds", paramLabel = "SECONDS", defaultValue = "0.2",
            description = "Least time of one training step on one worker; 2 workers take half as long, as a "
                    + "bigger model's compute would on GPUs. Keeps the resizes mid-training (default: ${DEFAULT-VALUE}).")
    double stepSeconds;

    @Option(names = "--web-port", paramLabel = "PORT", defaultValue = "8088",
            description = "ResourceManager web port for the page, REST and /jmx; a free one is used instead "
                    + "when it is taken (default: ${DEFAULT-VALUE}).")
    int webPort;

    @Option(names = "--refresh", paramLabel = "SECONDS", defaultValue = "2",
            description = "Seconds between progress updates (default: ${DEFAULT-VALUE}).")
    int refreshSeconds;

    @Option(names = "--keep-running",
            description = "Keep the cluster up after the jobs end, until Ctrl-C, so the web page can be browsed.")
    boolean keepRunning;

    @Option(names = "--python", paramLabel = "PATH", defaultValue = "/usr/bin/python3",
            description = "Python with PyTorch that runs the training script (default: ${DEFAULT-VALUE}, "
                    + "Debian's python3-torch).")
    Path python;

    private YarnDlDemo() {
    }

    /** Runs the demo and exits with its status. */
    public static void main(String[] args) {
        DemoLogging.configure(DemoPaths.workDirFromSystemProperties());
        System.exit(commandLine(System.out, System.err).execute(args));
    }

    /** The configured command line, writing to {@code out} and {@code err}. */
    public static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(new YarnDlDemo());
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cli.setParameterExceptionHandler(YarnDlDemo::usageError);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter w = commandLine.getErr();
            String why = e.getMessage() != null ? e.getMessage() : e.toString();
            w.println("yarn-dl demo: failed: " + why);
            if (System.getenv("YARNDL_DEBUG") != null) {
                e.printStackTrace(w);
            } else {
                w.println("(set YARNDL_DEBUG=1 for the stack trace; the cluster's log is named above)");
            }
            w.flush();
            return EXIT_FAILED;
        });
        return cli;
    }

    /** The settings {@code args} ask for, validated; throws {@link ParameterException} naming the bad option. */
    public static DemoSettings parse(String... args) {
        CommandLine cli = new CommandLine(new YarnDlDemo());
        cli.parseArgs(args);
        return ((YarnDlDemo) cli.getCommand()).settings();
    }

    @Override
    public Integer call() throws Exception {
        DemoSettings settings = settings();
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        return new DemoRun(settings, DemoPaths.fromSystemProperties(), out).run();
    }

    DemoSettings settings() {
        Set<String> policies = PolicyNames.all();
        if (!policies.contains(policy)) {
            throw bad("--policy: unknown policy '" + policy + "'; allowed: " + String.join(", ", policies));
        }
        atLeast("--epochs", firstEpochs, 1);
        atLeast("--second-epochs", secondEpochs, 1);
        atLeast("--steps-per-epoch", stepsPerEpoch, 1);
        atLeast("--refresh", refreshSeconds, 1);
        if (!(stepSeconds >= 0 && stepSeconds <= 10)) {
            throw bad("--step-seconds must be between 0 and 10, was " + stepSeconds);
        }
        if (webPort < 1 || webPort > 65_535) {
            throw bad("--web-port must be a TCP port, 1 to 65535, was " + webPort);
        }
        return new DemoSettings(policy, firstEpochs, secondEpochs, stepsPerEpoch, stepSeconds, webPort,
                Duration.ofSeconds(refreshSeconds), keepRunning, python);
    }

    private void atLeast(String option, int value, int least) {
        if (value < least) {
            throw bad(option + " must be at least " + least + ", was " + value);
        }
    }

    private ParameterException bad(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** Bad options: the message and where to find help, not the whole usage screen. */
    private static int usageError(ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println("yarn-dl demo: " + e.getMessage());
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("See 'bin/yarn-dl demo --help'.");
        err.flush();
        return EXIT_USAGE;
    }

    /** The policy names the ResourceManager knows, sorted, for the help and the check. */
    static final class PolicyNames implements Iterable<String> {
        static Set<String> all() {
            return new TreeSet<>(PolicyRegistry.standard().withoutGpuSharing().names());
        }

        @Override
        public Iterator<String> iterator() {
            return all().iterator();
        }
    }

    /** The version from the jar manifest, or {@code dev} when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = YarnDlDemo.class.getPackage().getImplementationVersion();
            return new String[] {"yarn-dl demo " + (version != null ? version : "dev")};
        }
    }
}
