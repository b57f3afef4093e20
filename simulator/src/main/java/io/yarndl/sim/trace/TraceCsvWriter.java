package io.yarndl.sim.trace;

import io.yarndl.sim.workload.ElasticBounds;
import io.yarndl.sim.workload.TraceJob;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Objects;

/**
 * Writes jobs in {@link TraceCsvFormat}, one at a time, so a generator can stream a workload of any
 * size to disk. It refuses anything the reader would reject (jobs out of arrival order, text fields
 * with commas, quotes or line breaks, or starting with {@code #}), so every file it writes reads
 * back. Write errors surface as {@link UncheckedIOException}. Not thread-safe.
 */
public final class TraceCsvWriter implements Closeable, Flushable {

    private final Writer out;
    private final String destination;
    private double lastArrival = 0;
    private long written;

    /**
     * Writes the comment lines and the header at once.
     *
     * @param out         where the text goes; {@link #close()} closes it
     * @param destination name of the destination, for error messages
     * @param comments    lines written as {@code # ...} above the header (no line breaks inside)
     */
    public TraceCsvWriter(Writer out, String destination, List<String> comments) throws IOException {
        this.out = Objects.requireNonNull(out, "out");
        this.destination = Objects.requireNonNull(destination, "destination");
        for (String comment : comments) {
            if (comment.indexOf('\n') >= 0 || comment.indexOf('\r') >= 0) {
                throw new IllegalArgumentException("a trace comment must be one line, got: " + comment);
            }
            out.write("# " + comment + "\n");
        }
        out.write(String.join(",", TraceCsvFormat.COLUMNS) + "\n");
    }

    /** Appends one job; its arrival must not precede the previous job's. */
    public void write(TraceJob job) {
        if (job.arrivalSec() < lastArrival) {
            throw new IllegalArgumentException("job " + job.id() + " arrives at " + job.arrivalSec()
                    + ", before the job written above it (" + lastArrival + "): traces are sorted by arrival");
        }
        requireReadableSizes(job);
        double speed = job.type().speed().stepsPerSecond(job.requestedWorkers(), job.requestedPs(), 1);
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("job " + job.id() + ": true speed of " + job.type().name()
                    + " at its requested size is " + speed + ", so its duration is undefined");
        }
        String row = String.join(",",
                safe("job_id", job.id()),
                TraceCsvFormat.decimal(job.arrivalSec()),
                safe("user", job.user()),
                safe("job_type", job.type().name()),
                Integer.toString(job.requestedWorkers()),
                Integer.toString(job.requestedPs()),
                Integer.toString(job.minWorkers()),
                Integer.toString(job.maxWorkers()),
                Integer.toString(job.minPs()),
                Integer.toString(job.maxPs()),
                TraceCsvFormat.decimal(job.requiredSteps() / speed));
        try {
            out.write(row);
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("writing job " + job.id() + " to " + destination, e);
        }
        lastArrival = job.arrivalSec();
        written++;
    }

    /** Jobs written so far. */
    public long written() {
        return written;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private static void requireReadableSizes(TraceJob job) {
        try {
            new ElasticBounds(job.requestedWorkers(), job.requestedPs(), job.minWorkers(), job.maxWorkers(),
                    job.minPs(), job.maxPs());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("job " + job.id() + ": " + e.getMessage(), e);
        }
        boolean ps = job.type().usesParameterServers();
        if (ps ? job.minPs() < 1 : job.maxPs() != 0) {
            throw new IllegalArgumentException("job " + job.id() + ": " + (ps
                    ? "a parameter-server job needs at least one PS" : "an all-reduce job has no parameter servers"));
        }
    }

    private static String safe(String column, String value) {
        boolean bad = value.isBlank() || !value.equals(value.strip()) || value.startsWith("#");
        for (int i = 0; i < value.length() && !bad; i++) {
            char ch = value.charAt(i);
            bad = ch == ',' || ch == '"' || ch == '\n' || ch == '\r';
        }
        if (bad) {
            throw new IllegalArgumentException(column + " '" + value + "' cannot be written: the trace format has no"
                    + " quoting, so it must be non-blank, without commas, quotes, line breaks, surrounding spaces"
                    + " or a leading #");
        }
        return value;
    }
}
