package io.yarndl.sim.cli;

import io.yarndl.sim.trace.SiaWorkloadReader;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaApplications;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import io.yarndl.sim.workload.sia.SiaPhillyMix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * {@code --sia-data}. Their jobs run Sia's applications ({@link SiaJobTypes#forWorkloads}), whose
 * ground truth is Sia's measured step times per GPU type and validation curves under
 * {@code --sia-data}, read once per command.
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

    @Option(names = "--philly-mix", paramLabel = "catalog|sia", defaultValue = "catalog",
            description = {"The job types --trace philly draws each job's type from: 'catalog' (the shipped"
                    + " catalog of DL2's and Pollux's types) or 'sia' (Sia's applications, each at the batch size"
                    + " Sia's own Philly workloads give it most: " + SiaPhillyMix.DESCRIPTION + "; their ground"
                    + " truth was measured per placement and their families have interference stand-ins)"
                    + " (default: ${DEFAULT-VALUE})."})
    String phillyMix;

    private SiaApplications applications;
    private SiaJobTypes types;
    private SiaJobTypes workloadTypes;

    /**
     * The job types {@code --trace philly} draws from: {@code catalog} itself, or Sia's mix.
     *
     * @throws ParameterException for another name, or Sia's data missing
     */
    List<JobType> phillyMix(List<JobType> catalog) {
        switch (phillyMix.trim()) {
            case "catalog":
                return catalog;
            case "sia":
                if (!Files.isDirectory(dataDir.resolve("traces"))) {
                    throw usage("--philly-mix sia: Sia's profiles not found: "
                            + dataDir.resolve("traces").toAbsolutePath().normalize() + " (set --sia-data)");
                }
                return SiaPhillyMix.types(types());
            default:
                throw usage("--philly-mix '" + phillyMix + "': expected catalog or sia");
        }
    }

    /** The Philly mix's types: fixed batch, the flat restart overhead, as its placement figures were measured with. */
    private SiaJobTypes types() {
        if (types == null) {
            types = new SiaJobTypes(applications());
        }
        return types;
    }

    private SiaApplications applications() {
        if (applications == null) {
            applications = SiaApplications.in(dataDir);
        }
        return applications;
    }

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

    /** The jobs of {@code trace}, training at their trace batch where {@code fixedBatch}. */
    Stream<TraceJob> open(String trace, boolean fixedBatch) throws IOException {
        return SiaWorkloadReader.read(workload(trace), workloadTypes(fixedBatch)).stream();
    }

    /** The workloads' types, made once per command so that every policy's run shares their batch choices. */
    private SiaJobTypes workloadTypes(boolean fixedBatch) {
        if (workloadTypes == null || workloadTypes.adaptsBatch() == fixedBatch) {
            workloadTypes = SiaJobTypes.forWorkloads(applications(), fixedBatch);
        }
        return workloadTypes;
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
