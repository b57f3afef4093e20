package io.yarndl.sim.trace;

import io.yarndl.sim.workload.JobType;
import io.yarndl.sim.workload.TraceJob;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Streams the jobs of a {@link TraceCsvFormat} file one row at a time, so memory stays flat however
 * long the trace is. The header is read and checked when the reader is made; each row is parsed
 * and checked when {@link #hasNext()} reaches it, so a bad row fails the iteration there with a
 * {@link TraceFormatException}. Read errors surface as {@link UncheckedIOException}. Not
 * thread-safe.
 */
public final class TraceCsvReader implements Iterator<TraceJob>, Closeable {

    private final BufferedReader in;
    private final String source;
    private final Map<String, JobType> types;
    private final int[] columnIndex = new int[TraceCsvFormat.COLUMNS.size()];
    private final String[] headerNames;
    private long lineNumber;
    private double lastArrival = 0;
    private TraceJob next;
    private boolean exhausted;

    TraceCsvReader(Reader reader, String source, Map<String, JobType> types) throws IOException {
        this.in = reader instanceof BufferedReader buffered ? buffered : new BufferedReader(reader);
        this.source = Objects.requireNonNull(source, "source");
        this.types = Map.copyOf(types);
        String header = nextContentLine();
        if (header == null) {
            throw new TraceFormatException(source, Math.max(1, lineNumber), null, null,
                    "no header: expected " + String.join(",", TraceCsvFormat.COLUMNS));
        }
        headerNames = header.split(",", -1);
        readHeader();
    }

    private void readHeader() {
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < headerNames.length; i++) {
            headerNames[i] = headerNames[i].trim();
            if (positions.putIfAbsent(headerNames[i], i) != null) {
                throw new TraceFormatException(source, lineNumber, headerNames[i], headerNames[i],
                        "header names a column twice");
            }
        }
        for (int c = 0; c < columnIndex.length; c++) {
            String name = TraceCsvFormat.COLUMNS.get(c);
            Integer position = positions.get(name);
            if (position == null) {
                throw new TraceFormatException(source, lineNumber, name, null,
                        "header lacks this column; a header must name all of "
                                + String.join(",", TraceCsvFormat.COLUMNS));
            }
            columnIndex[c] = position;
        }
    }

    @Override
    public boolean hasNext() {
        if (next == null && !exhausted) {
            String line;
            try {
                line = nextContentLine();
            } catch (IOException e) {
                throw new UncheckedIOException("reading " + source + " after line " + lineNumber, e);
            }
            if (line == null) {
                exhausted = true;
            } else {
                next = parse(line);
            }
        }
        return next != null;
    }

    @Override
    public TraceJob next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more jobs in " + source);
        }
        TraceJob job = next;
        next = null;
        return job;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** The next line that is neither blank nor a comment, or null at the end. */
    private String nextContentLine() throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            lineNumber++;
            if (lineNumber == 1 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            String trimmed = line.strip();
            if (!trimmed.isEmpty() && trimmed.charAt(0) != '#') {
                return line;
            }
        }
        return null;
    }

    private TraceJob parse(String line) {
        String[] fields = line.split(",", -1);
        if (fields.length != headerNames.length) {
            // Name the first column that is absent (or the first extra field) so the message points somewhere.
            String column = fields.length < headerNames.length ? headerNames[fields.length] : "(beyond the header)";
            throw error(column, line, "row has " + fields.length + " fields, the header " + headerNames.length);
        }
        Row row = new Row(fields);
        String id = row.text(0);
        double arrival = row.decimal(1);
        if (arrival < 0) {
            throw error("arrival_sec", row.raw(1), "arrival must be >= 0");
        }
        if (arrival < lastArrival) {
            throw error("arrival_sec", row.raw(1), "rows must be sorted by arrival, but the row above arrives at "
                    + TraceCsvFormat.decimal(lastArrival));
        }
        String user = row.text(2);
        JobType type = lookUp(row.text(3));
        int requestedWorkers = row.count(4);
        int requestedPs = row.count(5);
        int minWorkers = row.count(6);
        int maxWorkers = row.count(7);
        int minPs = row.count(8);
        int maxPs = row.count(9);
        double duration = row.decimal(10);
        if (minWorkers < 1) {
            throw error("min_workers", row.raw(6), "a job needs at least one worker");
        }
        row.requireRange(6, 7, 4);
        if (type.usesParameterServers()) {
            if (minPs < 1) {
                throw error("min_ps", row.raw(8), "parameter-server type " + type.name() + " needs at least one PS");
            }
            row.requireRange(8, 9, 5);
        } else {
            for (int c : new int[] {5, 8, 9}) {
                if (row.count(c) != 0) {
                    throw error(TraceCsvFormat.COLUMNS.get(c), row.raw(c),
                            "all-reduce type " + type.name() + " has no parameter servers: PS columns must be 0");
                }
            }
        }
        if (!(duration > 0)) {
            throw error("duration_sec", row.raw(10), "duration must be positive");
        }
        double speed = type.speed().stepsPerSecond(requestedWorkers, requestedPs, 1);
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw error("job_type", type.name(), "true speed at " + requestedWorkers + " workers and "
                    + requestedPs + " PS is " + speed + ", not a positive number");
        }
        long steps = Math.max(1, Math.round(duration * speed));
        lastArrival = arrival;
        return new TraceJob(id, arrival, user, type, requestedWorkers, requestedPs, minWorkers, maxWorkers,
                minPs, maxPs, steps);
    }

    private JobType lookUp(String name) {
        JobType type = types.get(name);
        if (type == null) {
            throw error("job_type", name, "unknown job type; known: " + String.join(", ", new TreeSet<>(types.keySet())));
        }
        return type;
    }

    private TraceFormatException error(String column, String value, String problem) {
        return new TraceFormatException(source, lineNumber, column, value, problem);
    }

    /** One row's fields, addressed by position in {@link TraceCsvFormat#COLUMNS}. */
    private final class Row {
        private final String[] fields;

        Row(String[] fields) {
            this.fields = fields;
        }

        String raw(int column) {
            return fields[columnIndex[column]].strip();
        }

        String text(int column) {
            String value = raw(column);
            if (value.isEmpty()) {
                throw error(TraceCsvFormat.COLUMNS.get(column), value, "must not be empty");
            }
            if (value.indexOf('"') >= 0) {
                throw error(TraceCsvFormat.COLUMNS.get(column), value, "quotes are not allowed (the format has no quoting)");
            }
            return value;
        }

        int count(int column) {
            String value = raw(column);
            try {
                int count = Integer.parseInt(value);
                if (count < 0) {
                    throw error(TraceCsvFormat.COLUMNS.get(column), value, "must not be negative");
                }
                return count;
            } catch (NumberFormatException e) {
                throw error(TraceCsvFormat.COLUMNS.get(column), value, "not a whole number");
            }
        }

        double decimal(int column) {
            String value = raw(column);
            if (!value.isEmpty()) {
                boolean plain = true;
                for (int i = 0; i < value.length() && plain; i++) {
                    char ch = value.charAt(i);
                    plain = (ch >= '0' && ch <= '9') || ch == '.' || ch == 'e' || ch == 'E' || ch == '+' || ch == '-';
                }
                if (plain) {
                    try {
                        double parsed = Double.parseDouble(value);
                        if (Double.isFinite(parsed)) {
                            return parsed;
                        }
                    } catch (NumberFormatException e) {
                        // falls through to the error below, which names the column
                    }
                }
            }
            throw error(TraceCsvFormat.COLUMNS.get(column), value, "not a finite decimal number");
        }

        /** Checks min <= requested <= max, blaming the column that breaks it. */
        void requireRange(int minColumn, int maxColumn, int requestedColumn) {
            int min = count(minColumn);
            int max = count(maxColumn);
            int requested = count(requestedColumn);
            if (min > max) {
                throw error(TraceCsvFormat.COLUMNS.get(minColumn), raw(minColumn),
                        "exceeds " + TraceCsvFormat.COLUMNS.get(maxColumn) + " " + max);
            }
            if (requested < min || requested > max) {
                throw error(TraceCsvFormat.COLUMNS.get(requestedColumn), raw(requestedColumn),
                        "outside [" + min + ", " + max + "], the range of " + TraceCsvFormat.COLUMNS.get(minColumn)
                                + " and " + TraceCsvFormat.COLUMNS.get(maxColumn));
            }
        }
    }
}
