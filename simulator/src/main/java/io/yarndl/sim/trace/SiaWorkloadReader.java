package io.yarndl.sim.trace;

import io.yarndl.sim.workload.ElasticBounds;
import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TraceJob;
import io.yarndl.sim.workload.sia.SiaJobTypes;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Sia's and Pollux's workloads ({@code siasosp23/artifacts}, {@code sia-simulator/workloads/}, copies
 * under data/sia/workloads/{philly,saturn,newtrace}/workload-N.csv; {@code petuum/adaptdl}
 * osdi21-artifact, {@code simulator/workloads*}, copies under data/pollux/workloads*; see their
 * PROVENANCE.md; Sia's format is Pollux's with an optional {@code category}): a CSV
 * file with a header naming at least {@code name,time,application,num_replicas,batch_size} (in any
 * order; other columns, such as Sia's optional {@code category}, are ignored), one job a line, in
 * arrival order, blank lines skipped.
 *
 * <p>Each row becomes job {@code name} (its own user: Sia, like Gavel, shares among jobs), arriving
 * {@code time} seconds from the start, of the {@link SiaJobTypes} type of {@code application} at
 * global batch {@code batch_size}, asking for {@code num_replicas} workers (the size {@code fifo}
 * and {@code drf} give) and free to run with 1 up to {@link ElasticBounds#forRequest}'s maximum
 * capped by its type's, and needing the steps its type says ({@link SiaJobTypes#requiredSteps}:
 * Sia's iterations to its last epoch at a fixed batch, the reference steps to its last epoch's
 * progress where it adapts its batch). Whose applications, and which semantics, is the
 * {@code types}' choice. A malformed row, an unsorted
 * arrival, a repeated name, an unknown application or a batch size the source did not validate fails with
 * a {@link TraceFormatException} naming the file, line and column.
 */
public final class SiaWorkloadReader {

    private static final String[] COLUMNS = {"name", "time", "application", "num_replicas", "batch_size"};

    private SiaWorkloadReader() {
    }

    /** The jobs of {@code file}, in its order, their types from {@code types}. */
    public static List<TraceJob> read(Path file, SiaJobTypes types) throws IOException {
        List<TraceJob> jobs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        double lastArrival = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            Map<String, Integer> columns = columns(file, header);
            long lineNo = 1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.strip().split(",", -1);
                if (f.length != columns.size()) {
                    throw new TraceFormatException(file.toString(), lineNo, null, null, "has " + f.length
                            + " fields; the header has " + columns.size());
                }
                Cells c = new Cells(file, lineNo, columns, f);
                String name = c.text("name");
                if (name.isEmpty()) {
                    throw c.fail("name", "is empty");
                }
                if (!names.add(name)) {
                    throw c.fail("name", "repeats the name of an earlier job");
                }
                double arrival = c.number("time");
                if (arrival < lastArrival) {
                    throw c.fail("time", "arrives before the row above (" + lastArrival
                            + " s); Sia's workloads are in arrival order");
                }
                lastArrival = arrival;
                String app = c.text("application");
                int workers = c.positiveInt("num_replicas");
                int batch = c.positiveInt("batch_size");
                JobType type;
                long steps;
                try {
                    types.application(app);
                } catch (IllegalArgumentException e) {
                    throw c.fail("application", e.getMessage());
                }
                try {
                    type = types.type(app, batch);
                    steps = types.requiredSteps(app, batch);
                } catch (IllegalArgumentException e) {
                    throw c.fail("batch_size", e.getMessage());
                }
                ElasticBounds b = ElasticBounds.forRequest(type, workers);
                jobs.add(new TraceJob(name, arrival, name, type, workers, 0, b.minWorkers(), b.maxWorkers(), 0, 0,
                        steps));
            }
        }
        return jobs;
    }

    private static Map<String, Integer> columns(Path file, String header) {
        if (header == null) {
            throw new TraceFormatException(file.toString(), 1, null, null, "is empty; expected the header "
                    + String.join(",", COLUMNS));
        }
        String[] names = header.strip().split(",", -1);
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            columns.put(names[i].trim(), i);
        }
        for (String column : COLUMNS) {
            if (!columns.containsKey(column)) {
                throw new TraceFormatException(file.toString(), 1, column, header.strip(), "is missing from the header;"
                        + " expected " + String.join(",", COLUMNS) + " in any order");
            }
        }
        return columns;
    }

    /** Parses one row's cells, failing with the file, line and column. */
    private record Cells(Path file, long line, Map<String, Integer> columns, String[] cells) {

        String text(String column) {
            return cells[columns.get(column)].trim();
        }

        double number(String column) {
            try {
                double value = Double.parseDouble(text(column));
                if (Double.isFinite(value) && value >= 0) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw fail(column, "must be a number of seconds >= 0");
        }

        int positiveInt(String column) {
            try {
                double value = Double.parseDouble(text(column));
                if (value >= 1 && value == Math.rint(value) && value <= Integer.MAX_VALUE) {
                    return (int) value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw fail(column, "must be a whole number >= 1");
        }

        TraceFormatException fail(String column, String problem) {
            return new TraceFormatException(file.toString(), line, column, text(column), problem);
        }
    }
}
