package io.yarndl.sim.cli;

import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.JobTypeCatalog;
import io.yarndl.sim.workload.TraceJob;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * SEAM: the one place the CLI reaches the workload readers and generators of
 * {@code io.yarndl.sim.trace}, which are written separately. Each method states the contract the
 * CLI relies on; until wired, the trace ones throw {@link UnsupportedOperationException}.
 *
 * <p>Traces come back as {@link Stream}s so a reader can hold a file open and release it in
 * {@code onClose}: the CLI opens one per policy, iterates it once, in arrival order, and closes
 * it. A stream must be lazy (the Philly-derived trace is replayed without loading it whole), and
 * the same arguments must give the same jobs, so every policy sees an identical workload.
 */
final class TraceSources {

    private TraceSources() {
    }

    /** The simulated job mix that traces name their job types from. */
    static List<JobType> catalog() {
        return JobTypeCatalog.standard();
    }

    /**
     * Opens a trace in yarn-dl's CSV format. Malformed rows fail with the file and line number,
     * when the stream reaches them.
     */
    static Stream<TraceJob> openCsv(Path file, List<JobType> catalog) throws IOException {
        throw new UnsupportedOperationException("CSV trace reader not wired yet: " + file + ", " + catalog.size()
                + " job types");
    }

    /**
     * A synthetic workload of {@code jobs} jobs over {@code catalog}, Poisson arrivals at offered
     * load {@code load} (GPU demand over {@code cluster}'s GPUs), seeded.
     */
    static Stream<TraceJob> synthetic(List<JobType> catalog, ClusterSpec cluster, double load, int jobs, long seed) {
        throw new UnsupportedOperationException("synthetic workload generator not wired yet: " + catalog.size()
                + " job types, " + cluster + ", load " + load + ", " + jobs + " jobs, seed " + seed);
    }

    /**
     * Opens the Philly-derived trace ({@code timestamp, duration, num_gpus} rows): each job gets a
     * type from {@code catalog} and the work that takes {@code duration} at its requested GPUs,
     * both drawn from {@code seed}.
     */
    static Stream<TraceJob> openPhilly(Path phillyCsv, List<JobType> catalog, long seed) throws IOException {
        throw new UnsupportedOperationException("Philly trace reader not wired yet: " + phillyCsv + ", "
                + catalog.size() + " job types, seed " + seed);
    }

    /** Writes {@code jobs} to {@code file} in yarn-dl's CSV trace format; returns how many it wrote. */
    static long writeCsv(Iterator<TraceJob> jobs, Path file) throws IOException {
        throw new UnsupportedOperationException("CSV trace writer not wired yet: " + file + (jobs.hasNext() ? "" : ""));
    }
}
