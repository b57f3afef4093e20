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
 * {@code sim}'s Pollux workloads: {@code --trace pollux:FILE} replays a workload in Pollux's format
 * ({@code name,time,application,num_replicas,batch_size}, read as Sia's are: {@link SiaWorkloadReader});
 * {@code pollux-workload:N} names the shipped {@code workloads/workload-N.csv} (relative job load
 * 1.0, the 8 workloads of Pollux's simulator study) under {@code --pollux-data}, and
 * {@code pollux-workload-0.5:N}, {@code -1.5:N}, {@code -2.0:N}, {@code -realistic:N} those of its
 * other loads. Their jobs run Pollux's applications measured on T4s ({@code --pollux-data}/traces,
 * {@link SiaApplications#pollux}), read once per command; Pollux's cluster is {@code t4:16x4}.
 */
final class PolluxOptions {

    static final String TRACE_PREFIX = "pollux:";

    private static final Pattern SHIPPED = Pattern.compile("pollux-workload(?:-(0\\.5|1\\.5|2\\.0|realistic))?:(\\d{1,3})");

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--pollux-data", paramLabel = "DIR", defaultValue = "${env:YARNDL_DATA:-data}/pollux",
            description = "Pollux's profiles (measured on T4) and workloads (traces/<app>/, workloads*/), for --trace"
                    + " pollux:FILE and pollux-workload:N (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    private SiaJobTypes workloadTypes;

    /** True when {@code trace} names a Pollux workload. */
    static boolean names(String trace) {
        return trace.startsWith(TRACE_PREFIX) || trace.startsWith("pollux-workload") && trace.contains(":");
    }

    /** Checks {@code trace} and the data folder, before any policy runs. */
    void check(String trace) {
        if (!names(trace)) {
            return;
        }
        Path file = workload(trace);
        if (!Files.isRegularFile(file)) {
            throw usage("Pollux workload not found: " + file.toAbsolutePath().normalize());
        }
        if (!Files.isDirectory(dataDir.resolve("traces"))) {
            throw usage("Pollux's profiles not found: " + dataDir.resolve("traces").toAbsolutePath().normalize()
                    + " (set --pollux-data, or YARNDL_DATA to the repository's data/ folder)");
        }
    }

    /** The jobs of {@code trace}, training at their trace batch where {@code fixedBatch}. */
    Stream<TraceJob> open(String trace, boolean fixedBatch) throws IOException {
        return SiaWorkloadReader.read(workload(trace), workloadTypes(fixedBatch)).stream();
    }

    /** The workloads' types, made once per command so that every policy's run shares their batch choices. */
    private SiaJobTypes workloadTypes(boolean fixedBatch) {
        if (workloadTypes == null || workloadTypes.adaptsBatch() == fixedBatch) {
            workloadTypes = SiaJobTypes.forWorkloads(SiaApplications.pollux(dataDir), fixedBatch);
        }
        return workloadTypes;
    }

    /** {@code trace} in words, for the run's first line and the chart's title. */
    String describe(String trace) {
        Path file = workload(trace);
        Path parent = file.getParent();
        return "pollux " + (parent != null ? parent.getFileName() + "/" : "") + file.getFileName();
    }

    /** The workload file {@code trace} names. */
    private Path workload(String trace) {
        if (trace.startsWith(TRACE_PREFIX)) {
            return Path.of(trace.substring(TRACE_PREFIX.length()));
        }
        Matcher m = SHIPPED.matcher(trace);
        if (!m.matches()) {
            throw usage("--trace " + trace + ": expected pollux:FILE, pollux-workload:N or pollux-workload-LOAD:N"
                    + " with LOAD 0.5, 1.5, 2.0 or realistic");
        }
        String folder = m.group(1) == null ? "workloads" : "workloads-" + m.group(1);
        return dataDir.resolve(folder).resolve("workload-" + Integer.parseInt(m.group(2)) + ".csv");
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
