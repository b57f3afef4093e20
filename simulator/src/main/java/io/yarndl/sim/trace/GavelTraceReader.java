package io.yarndl.sim.trace;

import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.gavel.GavelJobTypes;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Gavel's job traces ({@code *.trace} in stanford-futuredata/gavel's {@code scheduler/traces/},
 * copies under {@code data/gavel/}), one job per line, tab-separated, in either of Gavel's two
 * layouts (see data/gavel/PROVENANCE.md):
 * <ul>
 *   <li>10 fields, as Gavel's {@code utils.parse_trace} reads them: {@code job_type, command,
 *       working_directory, num_steps_arg, needs_data_dir, total_steps, scale_factor,
 *       priority_weight, SLO, arrival_time};</li>
 *   <li>7 fields, the older layout of its Philly-derived per-virtual-cluster traces
 *       ({@code 23dbec.trace}, {@code 795a4c.trace}): {@code job_type, command, num_steps_arg,
 *       needs_data_dir, total_steps, arrival_time, scale_factor}.</li>
 * </ul>
 * As in Gavel: {@code total_steps} and {@code scale_factor} are integers (the steps the job runs,
 * the GPUs it runs on), {@code arrival_time} is seconds from the trace's start, rows are in arrival
 * order, {@code priority_weight} is a float and a negative {@code SLO} means none. The command,
 * working directory, steps argument and data-dir flag only launch Gavel's real jobs; they are
 * checked for shape and not used.
 *
 * <p>Each row becomes job {@code gavel-NNNNN} (its 0-based row, Gavel's job id) of the Gavel job
 * type ({@link GavelJobTypes}) its model and scale factor name, needing exactly
 * {@code total_steps} steps. Its user is its id: Gavel has no users, and its policies share the
 * cluster among jobs. Priority weights and SLOs are read ({@link Row}) but no simulator job carries
 * them yet. A malformed row, an unsorted arrival or a job type Gavel did not measure fails with a
 * {@link TraceFormatException} naming the file and line.
 */
public final class GavelTraceReader {

    private static final String TEN = "10 (job_type, command, working_directory, num_steps_arg, needs_data_dir,"
            + " total_steps, scale_factor, priority_weight, SLO, arrival_time)";
    private static final String SEVEN = "7 (job_type, command, num_steps_arg, needs_data_dir, total_steps,"
            + " arrival_time, scale_factor)";

    /**
     * One row of a Gavel trace.
     *
     * @param line           1-based line in the file
     * @param model          Gavel's job type, e.g. {@code ResNet-50 (batch size 64)}
     * @param scaleFactor    GPUs it runs on
     * @param totalSteps     steps it runs
     * @param arrivalSec     arrival, seconds from the trace's start
     * @param priorityWeight Gavel's priority weight (1 in the 7-field layout)
     * @param slo            Gavel's SLO factor, or NaN for none (always none in the 7-field layout)
     */
    public record Row(long line, String model, int scaleFactor, long totalSteps, double arrivalSec,
                      double priorityWeight, double slo) {
    }

    private GavelTraceReader() {
    }

    /** The jobs of {@code file}, in its order, their types from {@code types}. */
    public static List<TraceJob> read(Path file, GavelJobTypes types) throws IOException {
        List<TraceJob> jobs = new ArrayList<>();
        for (Row row : rows(file)) {
            JobType type;
            try {
                type = types.type(row.model(), row.scaleFactor());
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(file.toString(), row.line(), "job_type", row.model(), e.getMessage());
            }
            String id = String.format(Locale.ROOT, "gavel-%05d", jobs.size());
            jobs.add(new TraceJob(id, row.arrivalSec(), id, type, row.scaleFactor(), 0, row.scaleFactor(),
                    row.scaleFactor(), 0, 0, row.totalSteps()));
        }
        return jobs;
    }

    /** The rows of {@code file}, checked; blank lines are skipped. */
    public static List<Row> rows(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        int fields = 0;
        double lastArrival = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            long lineNo = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f.length != 10 && f.length != 7 || fields != 0 && f.length != fields) {
                    throw new TraceFormatException(file.toString(), lineNo, null, null, "has " + f.length
                            + " tab-separated fields; expected " + (fields == 10 ? TEN : fields == 7 ? SEVEN
                                    : TEN + " or " + SEVEN) + (fields != 0 ? ", as the rows above" : ""));
                }
                fields = f.length;
                Row row = fields == 10 ? tenFields(file, lineNo, f) : sevenFields(file, lineNo, f);
                if (row.arrivalSec() < lastArrival) {
                    throw new TraceFormatException(file.toString(), lineNo, "arrival_time", f[fields == 10 ? 9 : 5],
                            "arrives before the row above (" + lastArrival + " s); Gavel's traces are in arrival order");
                }
                lastArrival = row.arrivalSec();
                rows.add(row);
            }
        }
        return rows;
    }

    private static Row tenFields(Path file, long line, String[] f) {
        Cells c = new Cells(file, line);
        c.flag("needs_data_dir", f[4]);
        double slo = c.number("SLO", f[8], Double.NEGATIVE_INFINITY);
        return new Row(line, c.model(f[0]), c.positiveInt("scale_factor", f[6]), c.positiveLong("total_steps", f[5]),
                c.number("arrival_time", f[9], 0), c.positive("priority_weight", f[7]), slo < 0 ? Double.NaN : slo);
    }

    private static Row sevenFields(Path file, long line, String[] f) {
        Cells c = new Cells(file, line);
        c.flag("needs_data_dir", f[3]);
        return new Row(line, c.model(f[0]), c.positiveInt("scale_factor", f[6]), c.positiveLong("total_steps", f[4]),
                c.number("arrival_time", f[5], 0), 1.0, Double.NaN);
    }

    /** Parses one row's cells, failing with the file, line and column. */
    private record Cells(Path file, long line) {

        String model(String text) {
            if (text.isBlank()) {
                throw fail("job_type", text, "is empty");
            }
            return text.trim();
        }

        void flag(String column, String text) {
            if (!text.trim().equals("0") && !text.trim().equals("1")) {
                throw fail(column, text, "must be 0 or 1");
            }
        }

        int positiveInt(String column, String text) {
            try {
                int value = Integer.parseInt(text.trim());
                if (value >= 1) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw fail(column, text, "must be a whole number >= 1");
        }

        double positive(String column, String text) {
            return number(column, text, Double.MIN_VALUE);
        }

        long positiveLong(String column, String text) {
            try {
                long value = Long.parseLong(text.trim());
                if (value >= 1) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw fail(column, text, "must be a whole number >= 1");
        }

        double number(String column, String text, double atLeast) {
            try {
                double value = Double.parseDouble(text.trim());
                if (Double.isFinite(value) && value >= atLeast) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw fail(column, text, atLeast == Double.NEGATIVE_INFINITY ? "must be a number"
                    : atLeast > 0 ? "must be a positive number" : "must be a number >= " + atLeast);
        }

        private TraceFormatException fail(String column, String text, String problem) {
            return new TraceFormatException(file.toString(), line, column, text, problem);
        }
    }
}
