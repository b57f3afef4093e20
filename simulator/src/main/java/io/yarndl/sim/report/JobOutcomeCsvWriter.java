package io.yarndl.sim.report;

import io.yarndl.sim.engine.JobOutcome;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Writes one CSV row per finished job as the simulator reports it, so a run's memory stays flat
 * however long the trace: nothing is kept but the buffered writer. One file per policy.
 *
 * <p>Columns: {@value #HEADER}. Times are seconds with three decimals; {@code jct_sec} is
 * {@code finish_sec - arrival_sec}. Not thread-safe; the simulator calls it from one thread.
 */
public final class JobOutcomeCsvWriter implements Consumer<JobOutcome>, Closeable {

    /** The header row, also the column order. */
    public static final String HEADER = "job_id,type,user,arrival_sec,start_sec,finish_sec,jct_sec,isolated_jct_sec,"
            + "resizes,required_steps,steps_done,gpu_seconds";

    private final Path file;
    private final BufferedWriter out;
    private long rows;

    /** Creates (or truncates) {@code file}, its parent folders too, and writes the header. */
    public JobOutcomeCsvWriter(Path file) throws IOException {
        this.file = file;
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write(HEADER);
        out.write('\n');
    }

    /**
     * Appends one job's row.
     *
     * @throws UncheckedIOException when the disk write fails: a Consumer cannot throw IOException,
     *                              and a half-written report must not pass silently
     */
    @Override
    public void accept(JobOutcome o) {
        try {
            out.write(CsvCells.text(o.jobId()));
            out.write(',');
            out.write(CsvCells.text(o.type()));
            out.write(',');
            out.write(CsvCells.text(o.user()));
            out.write(',');
            out.write(CsvCells.number(o.arrivalSec(), 3));
            out.write(',');
            out.write(CsvCells.number(o.startSec(), 3));
            out.write(',');
            out.write(CsvCells.number(o.finishSec(), 3));
            out.write(',');
            out.write(CsvCells.number(o.jctSec(), 3));
            out.write(',');
            out.write(CsvCells.number(o.isolatedJctSec(), 3));
            out.write(',');
            out.write(Integer.toString(o.resizes()));
            out.write(',');
            out.write(Long.toString(o.requiredSteps()));
            out.write(',');
            out.write(Long.toString(o.stepsDone()));
            out.write(',');
            out.write(CsvCells.number(o.gpuSeconds(), 1));
            out.write('\n');
            rows++;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Rows written so far, header excluded. */
    public long rows() {
        return rows;
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
