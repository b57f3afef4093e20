package io.yarndl.sim.cli;

import io.yarndl.sim.trace.SiaWorkloadReader;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaApplications;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sim}'s Sia workloads: {@code --trace sia:FILE} replays one of Sia's workload CSVs
 * ({@link SiaWorkloadReader}); {@code --trace sia-philly:N}, {@code sia-saturn:N} and
 * {@code sia-newtrace:N} name the shipped {@code workloads/<trace>/workload-N.csv} under
 * {@code --sia-data}. Their jobs run Sia's applications ({@link SiaJobTypes}), whose ground truth
 * is Sia's measured step times per GPU type under {@code --sia-data}, read once per command.
 */
final class SiaOptions {

    static final String TRACE_PREFIX = "sia:";

    private static final Pattern SHIPPED = Pattern.compile("sia-(philly|saturn|newtrace):(\\d{1,3})");

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--sia-data", paramLabel = "DIR", defaultValue = "${env:YARNDL_DATA:-data}/sia",
            description = "Sia's profiles and workloads (traces/<app>/, workloads/), the ground truth of its jobs on"
                    + " each GPU type, for --trace sia:FILE and sia-philly:N, sia-saturn:N, sia-newtrace:N"
                    + " (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    private SiaJobTypes types;

    /** True when {@code trace} names a Sia workload. */
    static boolean names(String trace) {
        return trace.startsWith(TRACE_PREFIX) || trace.startsWith("sia-") && trace.contains(":");
    }

    /** Checks {@code trace} and the data folder, before any policy runs. */
    void check(String trace) {
        if (!names(trace)) {
            return;
        }
        Path file = workload(trace);
        if (!Files.isRegularFile(file)) {
            throw usage("Sia workload not found: " + file.toAbsolutePath().normalize());
        }
        if (!Files.isDirectory(dataDir.resolve("traces"))) {
            throw usage("Sia's profiles not found: " + dataDir.resolve("traces").toAbsolutePath().normalize()
                    + " (set --sia-data, or YARNDL_DATA to the repository's data/ folder)");
        }
    }

    /** The jobs of {@code trace}. */
    Stream<TraceJob> open(String trace) throws IOException {
        if (types == null) {
            types = new SiaJobTypes(SiaApplications.in(dataDir));
        }
        return SiaWorkloadReader.read(workload(trace), types).stream();
    }

    /** {@code trace} in words, for the run's first line and the chart's title. */
    String describe(String trace) {
        Path file = workload(trace);
        Path parent = file.getParent();
        return "sia " + (parent != null ? parent.getFileName() + "/" : "") + file.getFileName();
    }

    /** The workload file {@code trace} names. */
    private Path workload(String trace) {
        if (trace.startsWith(TRACE_PREFIX)) {
            return Path.of(trace.substring(TRACE_PREFIX.length()));
        }
        Matcher m = SHIPPED.matcher(trace);
        if (!m.matches()) {
            throw usage("--trace " + trace + ": expected sia:FILE, sia-philly:N, sia-saturn:N or sia-newtrace:N");
        }
        return dataDir.resolve("workloads").resolve(m.group(1)).resolve("workload-" + Integer.parseInt(m.group(2))
                + ".csv");
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
