package io.yarndl.sim.cli;

import io.yarndl.sim.trace.PhillyTraceReader;
import io.yarndl.sim.trace.TraceCsvFormat;
import io.yarndl.sim.trace.TraceCsvReader;
import io.yarndl.sim.workload.ClusterSpec;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.JobTypeCatalog;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.WorkloadGenerator;
import io.yarndl.sim.workload.WorkloadSpec;
import java.io.Closeable;
import java.io.UncheckedIOException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The one place the CLI reaches the workload readers and generators: the job-type catalog, the
 * CSV trace format, the synthetic generator and the Philly-derived trace.
 *
 * <p>Traces come back as {@link Stream}s so a reader can hold a file open and release it in
 * {@code onClose}: the CLI opens one per policy, iterates it once, in arrival order, and closes
 * it. Streams are lazy (the Philly-derived trace is replayed without building every job up
 * front), and the same arguments give the same jobs, so every policy sees an identical workload.
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
        TraceCsvReader reader = TraceCsvFormat.open(file, TraceCsvFormat.typesByName(catalog));
        return stream(reader).onClose(() -> closeQuietly(reader));
    }

    /** Opens the workload shipped in the jar ({@link ShippedWorkload}). */
    static Stream<TraceJob> openShipped(List<JobType> catalog) throws IOException {
        TraceCsvReader reader = TraceCsvFormat.open(ShippedWorkload.open(), ShippedWorkload.NAME,
                TraceCsvFormat.typesByName(catalog));
        return stream(reader).onClose(() -> closeQuietly(reader));
    }

    /**
     * A synthetic workload of {@code jobs} jobs over {@code catalog}, Poisson arrivals at offered
     * load {@code load} (GPU demand over {@code cluster}'s GPUs), seeded.
     */
    static Stream<TraceJob> synthetic(List<JobType> catalog, ClusterSpec cluster, double load, int jobs, long seed) {
        return stream(WorkloadGenerator.stream(spec(catalog, cluster, load, jobs, seed)));
    }

    /** Comment lines that say how a synthetic workload was made, for the top of its CSV file. */
    static List<String> describe(List<JobType> catalog, ClusterSpec cluster, double load, int jobs, long seed) {
        return WorkloadGenerator.describe(spec(catalog, cluster, load, jobs, seed));
    }

    /**
     * Opens the Philly-derived trace ({@code timestamp, duration, num_gpus} rows): each job gets a
     * type from {@code catalog} and the work that takes {@code duration} at its requested GPUs,
     * both drawn from {@code seed}.
     */
    static Stream<TraceJob> openPhilly(Path phillyCsv, List<JobType> catalog, long seed) throws IOException {
        return StreamSupport.stream(PhillyTraceReader.load(phillyCsv, catalog, seed).spliterator(), false);
    }

    /** Writes {@code jobs} to {@code file} in yarn-dl's CSV trace format; returns how many it wrote. */
    static long writeCsv(Iterator<TraceJob> jobs, Path file, List<String> comments) throws IOException {
        CountingIterator counted = new CountingIterator(jobs);
        TraceCsvFormat.write(file, counted, comments);
        return counted.count;
    }

    private static WorkloadSpec spec(List<JobType> catalog, ClusterSpec cluster, double load, int jobs, long seed) {
        return WorkloadSpec.of(catalog, jobs, load, cluster.total().gpus(), seed);
    }

    private static Stream<TraceJob> stream(Iterator<TraceJob> iterator) {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator, Spliterator.ORDERED), false);
    }

    private static void closeQuietly(Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class CountingIterator implements Iterator<TraceJob> {
        private final Iterator<TraceJob> delegate;
        private long count;

        CountingIterator(Iterator<TraceJob> delegate) {
            this.delegate = delegate;
        }

        @Override
        public boolean hasNext() {
            return delegate.hasNext();
        }

        @Override
        public TraceJob next() {
            count++;
            return delegate.next();
        }
    }
}
