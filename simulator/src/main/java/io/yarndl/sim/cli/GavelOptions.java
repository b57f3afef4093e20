package io.yarndl.sim.cli;

import io.yarndl.sim.trace.GavelTraceReader;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.gavel.GavelContinuousWorkload;
import io.yarndl.sim.workload.gavel.GavelJobTypes;
import io.yarndl.sim.workload.gavel.GavelThroughputsReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sim}'s Gavel workloads: {@code --trace gavel:FILE} replays one of Gavel's traces
 * ({@link GavelTraceReader}), {@code --trace gavel-continuous} generates Gavel's continuous workload
 * ({@link GavelContinuousWorkload}, {@code --lam}, {@code --jobs}, {@code --seed}). Both run
 * Gavel's job types ({@link GavelJobTypes}), whose ground truth is Gavel's measured throughputs
 * ({@code --gavel-throughputs}), read once per command.
 */
final class GavelOptions {

    static final String TRACE_PREFIX = "gavel:";
    static final String CONTINUOUS = "gavel-continuous";

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--lam", paramLabel = "SEC",
            description = "With --trace " + CONTINUOUS + ": mean seconds between arrivals (Gavel's lam;"
                    + " 3600 / jobs per hour). Required there.")
    Double lamSec;

    @Option(names = "--single-gpu-jobs",
            description = "With --trace " + CONTINUOUS + ": every job on one GPU, as Gavel without"
                    + " --generate-multi-gpu-jobs (default: scale factors 1/2/4/8 at 70/10/15/5%%).")
    boolean singleGpuJobs;

    @Option(names = "--gavel-throughputs", paramLabel = "FILE.json",
            defaultValue = "${env:YARNDL_DATA:-data}/gavel/simulation_throughputs.json",
            description = "Gavel's measured throughputs, the ground truth of its job types on each GPU type,"
                    + " for --trace gavel:FILE and " + CONTINUOUS + " (default: ${DEFAULT-VALUE}).")
    Path throughputsFile;

    private GavelJobTypes types;

    /** True when {@code trace} names a Gavel workload. */
    static boolean names(String trace) {
        return trace.startsWith(TRACE_PREFIX) || trace.equals(CONTINUOUS);
    }

    /** Checks these options against {@code trace}, before any policy runs. */
    void check(String trace) {
        boolean continuous = CONTINUOUS.equals(trace);
        if (!continuous && (lamSec != null || singleGpuJobs)) {
            throw usage((lamSec != null ? "--lam" : "--single-gpu-jobs") + " applies to --trace " + CONTINUOUS + " only");
        }
        if (!names(trace)) {
            return;
        }
        if (continuous && lamSec == null) {
            throw usage("--trace " + CONTINUOUS + " needs --lam SEC, the mean seconds between arrivals");
        }
        if (continuous && (!(lamSec >= 0) || lamSec.isInfinite())) {
            throw usage("--lam must be a number of seconds >= 0, got " + lamSec);
        }
        if (!continuous && !Files.isRegularFile(tracePath(trace))) {
            throw usage("Gavel trace not found: " + tracePath(trace).toAbsolutePath().normalize());
        }
        if (!Files.isRegularFile(throughputsFile)) {
            throw usage("Gavel's throughputs not found: " + throughputsFile.toAbsolutePath().normalize()
                    + " (set --gavel-throughputs, or YARNDL_DATA to the repository's data/ folder)");
        }
    }

    /** The jobs of {@code trace}; {@code jobs} is how many to generate for {@value #CONTINUOUS}. */
    Stream<TraceJob> open(String trace, int jobs, long seed) throws IOException {
        if (types == null) {
            types = GavelJobTypes.of(GavelThroughputsReader.read(throughputsFile));
        }
        if (CONTINUOUS.equals(trace)) {
            GavelContinuousWorkload workload = new GavelContinuousWorkload(types,
                    new GavelContinuousWorkload.Spec(jobs, lamSec, seed, !singleGpuJobs));
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(workload.iterator(), Spliterator.ORDERED),
                    false);
        }
        List<TraceJob> list = GavelTraceReader.read(tracePath(trace), types);
        return list.stream();
    }

    /** {@code trace} in words, for the run's first line and the chart's title. */
    String describe(String trace, int jobs) {
        if (CONTINUOUS.equals(trace)) {
            return String.format(Locale.ROOT, "%s (%d jobs, lam %.0f s%s)", CONTINUOUS, jobs, lamSec,
                    singleGpuJobs ? ", single-GPU" : "");
        }
        return "gavel " + tracePath(trace).getFileName();
    }

    private static Path tracePath(String trace) {
        return Path.of(trace.substring(TRACE_PREFIX.length()));
    }

    private ParameterException usage(String message) {
        return new ParameterException(mixee.commandLine(), message);
    }
}
