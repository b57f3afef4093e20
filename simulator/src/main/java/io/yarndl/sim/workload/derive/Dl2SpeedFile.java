package io.yarndl.sim.workload.derive;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads DL2's {@code config_speed.txt}: one Python tuple literal per line,
 * {@code (model, sync_mode, total_batch_size, num_ps, num_workers, [worker speeds], [ps cpu],
 * [worker cpu])}. Only the literal forms that file uses are understood (quoted strings, numbers,
 * flat lists); anything else is an error naming the line.
 */
public final class Dl2SpeedFile {

    /** Where the file sits under the data directory. */
    public static final String RELATIVE_PATH = "dl2/config_speed.txt";

    private Dl2SpeedFile() {
    }

    /** Every row of the file under {@code dataDir}, failures included, in file order. */
    public static List<Dl2SpeedMeasurement> read(Path dataDir) {
        Path file = dataDir.resolve(RELATIVE_PATH);
        List<Dl2SpeedMeasurement> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int lineNumber = 0;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (!line.isBlank()) {
                    rows.add(parse(line, lineNumber));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read DL2 speed measurements " + file, e);
        }
        return rows;
    }

    /** Parses one tuple line; {@code lineNumber} only labels errors. */
    public static Dl2SpeedMeasurement parse(String line, int lineNumber) {
        try {
            Cursor c = new Cursor(line.strip());
            c.expect('(');
            String model = c.quoted();
            c.expect(',');
            String sync = c.quoted();
            c.expect(',');
            int batch = (int) c.integer();
            c.expect(',');
            int ps = (int) c.integer();
            c.expect(',');
            int workers = (int) c.integer();
            c.expect(',');
            List<Double> speeds = c.list();
            c.expect(',');
            List<Double> psCpu = c.list();
            c.expect(',');
            List<Double> workerCpu = c.list();
            c.expect(')');
            c.end();
            if (speeds.size() != workers) {
                throw new IllegalArgumentException(workers + " workers but " + speeds.size() + " worker speeds");
            }
            return new Dl2SpeedMeasurement(lineNumber, model, sync, batch, ps, workers, speeds, psCpu, workerCpu);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(RELATIVE_PATH + " line " + lineNumber + ": " + e.getMessage(), e);
        }
    }

    /** A position in one line; each method skips leading blanks. */
    private static final class Cursor {
        private final String s;
        private int i;

        Cursor(String s) {
            this.s = s;
        }

        void expect(char ch) {
            skipBlanks();
            if (i >= s.length() || s.charAt(i) != ch) {
                throw new IllegalArgumentException("expected '" + ch + "' at column " + (i + 1));
            }
            i++;
        }

        String quoted() {
            skipBlanks();
            char q = i < s.length() ? s.charAt(i) : 0;
            if (q != '\'' && q != '"') {
                throw new IllegalArgumentException("expected a quoted string at column " + (i + 1));
            }
            int close = s.indexOf(q, i + 1);
            if (close < 0) {
                throw new IllegalArgumentException("unterminated string at column " + (i + 1));
            }
            String out = s.substring(i + 1, close);
            i = close + 1;
            return out;
        }

        double number() {
            skipBlanks();
            int start = i;
            while (i < s.length() && "+-.0123456789eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            try {
                return Double.parseDouble(s.substring(start, i));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected a number at column " + (start + 1));
            }
        }

        long integer() {
            double v = number();
            if (v != Math.rint(v)) {
                throw new IllegalArgumentException("expected an integer, got " + v);
            }
            return (long) v;
        }

        List<Double> list() {
            expect('[');
            List<Double> out = new ArrayList<>();
            skipBlanks();
            if (i < s.length() && s.charAt(i) == ']') {
                i++;
                return out;
            }
            while (true) {
                out.add(number());
                skipBlanks();
                if (i < s.length() && s.charAt(i) == ']') {
                    i++;
                    return out;
                }
                expect(',');
            }
        }

        void end() {
            skipBlanks();
            if (i != s.length()) {
                throw new IllegalArgumentException("unexpected text at column " + (i + 1));
            }
        }

        private void skipBlanks() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }
}
