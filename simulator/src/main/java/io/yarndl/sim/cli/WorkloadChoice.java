package io.yarndl.sim.cli;

import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The workload {@code sim} replays, as its options name it ({@code --trace}, {@code --jobs},
 * {@code --load}, {@code --philly-file}, {@code --fixed-batch} and the options of Gavel's, Sia's
 * and Pollux's workloads), already checked: how to open it for one policy's run and how to name it.
 */
final class WorkloadChoice {

    private final String trace;
    private final Integer jobs;
    private final Double load;
    private final Path phillyFile;
    private final long seed;
    private final boolean fixedBatch;
    private final GavelOptions gavel;
    private final SiaOptions sia;
    private final PolluxOptions pollux;

    WorkloadChoice(String trace, Integer jobs, Double load, Path phillyFile, long seed, boolean fixedBatch,
                   GavelOptions gavel, SiaOptions sia, PolluxOptions pollux) {
        this.trace = trace;
        this.jobs = jobs;
        this.load = load;
        this.phillyFile = phillyFile;
        this.seed = seed;
        this.fixedBatch = fixedBatch;
        this.gavel = gavel;
        this.sia = sia;
        this.pollux = pollux;
    }

    /** With --jobs on a trace file, Philly, a Gavel trace or a Sia or Pollux workload, only the first N jobs; generated workloads are already N long. */
    Iterator<TraceJob> limited(Iterator<TraceJob> all) {
        boolean generated = SimCommand.SYNTHETIC.equals(trace) || GavelOptions.CONTINUOUS.equals(trace);
        return jobs == null || generated ? all : new FirstJobs(all, jobs);
    }

    /** Opens the workload for one run on {@code cluster}: the same jobs every time. */
    Stream<TraceJob> open(ClusterSpec cluster) throws IOException {
        if (SimCommand.SYNTHETIC.equals(trace)) {
            return TraceSources.synthetic(TraceSources.catalog(), cluster, load(), jobsToGenerate(), seed);
        }
        if (SimCommand.SHIPPED.equals(trace)) {
            return TraceSources.openShipped(TraceSources.catalog());
        }
        if (GavelOptions.names(trace)) {
            return gavel.open(trace, jobsToGenerate(), seed);
        }
        if (SiaOptions.names(trace)) {
            return sia.open(trace, fixedBatch);
        }
        if (PolluxOptions.names(trace)) {
            return pollux.open(trace, fixedBatch);
        }
        if (SimCommand.PHILLY.equals(trace)) {
            return TraceSources.openPhilly(phillyFile, sia.phillyMix(TraceSources.catalog()), seed);
        }
        return TraceSources.openCsv(Path.of(trace), TraceSources.catalog());
    }

    /** The workload in words, for the run's first line and the chart's title. */
    String describe() {
        if (SimCommand.SYNTHETIC.equals(trace)) {
            return String.format(Locale.ROOT, "synthetic (%d jobs, load %.2f)", jobsToGenerate(), load());
        }
        if (GavelOptions.CONTINUOUS.equals(trace)) {
            return gavel.describe(trace, jobsToGenerate());
        }
        String name = SimCommand.SHIPPED.equals(trace) ? ShippedWorkload.NAME + " (shipped)"
                : SimCommand.PHILLY.equals(trace) ? "philly"
                : GavelOptions.names(trace) ? gavel.describe(trace, 0)
                : SiaOptions.names(trace) ? sia.describe(trace)
                : PolluxOptions.names(trace) ? pollux.describe(trace) : Path.of(trace).getFileName().toString();
        return jobs != null ? name + " (first " + jobs + " jobs)" : name;
    }

    private double load() {
        return load != null ? load : GenerateCommand.DEFAULT_LOAD;
    }

    private int jobsToGenerate() {
        return jobs != null ? jobs : GenerateCommand.DEFAULT_JOBS;
    }
}
