package io.yarndl.sim.workload.sia;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One of Sia's comma-separated files (data/sia/, written by pandas), read by its header: Sia's
 * files put the same columns in different orders ({@code scalability-aws.csv} starts with
 * {@code num_nodes}, {@code scalability-azure.csv} with {@code local_bsz}), so columns are found by
 * name, never by position. Blank lines are skipped. Every problem names the file, the 1-based line
 * and, where it is one cell, the column and its text.
 */
final class SiaCsv {

    /** One data row, its cells addressed by column name. */
    record Row(Path file, int line, Map<String, Integer> columns, String[] cells) {

        /** The cell of {@code column}, trimmed. */
        String text(String column) {
            return cells[columns.get(column)].trim();
        }

        /** The cell of {@code column} as a finite number {@code >= atLeast}. */
        double number(String column, double atLeast) {
            String text = text(column);
            try {
                double value = Double.parseDouble(text);
                if (Double.isFinite(value) && value >= atLeast) {
                    return value;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw fail(column, "must be a number >= " + atLeast);
        }

        /** The cell of {@code column} as a whole number {@code >= 1}; pandas may write it {@code 20.0}. */
        int positiveInt(String column) {
            double value = number(column, 1);
            if (value != Math.rint(value) || value > Integer.MAX_VALUE) {
                throw fail(column, "must be a whole number >= 1");
            }
            return (int) value;
        }

        /** A problem with the cell of {@code column}. */
        IllegalArgumentException fail(String column, String problem) {
            return new IllegalArgumentException(file + ", line " + line + ", column " + column + ": " + problem
                    + " (value '" + text(column) + "')");
        }

        /** A problem with the row as a whole. */
        IllegalArgumentException fail(String problem) {
            return new IllegalArgumentException(file + ", line " + line + ": " + problem);
        }
    }

    private SiaCsv() {
    }

    /**
     * The rows of {@code file}, which must have at least the columns {@code required}.
     *
     * @throws IllegalArgumentException for a missing column or a row of the wrong width
     * @throws UncheckedIOException     if the file cannot be read
     */
    static List<Row> read(Path file, String... required) {
        List<Row> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            if (header == null) {
                throw new IllegalArgumentException(file + ", line 1: is empty; expected a header with "
                        + String.join(",", required));
            }
            String[] names = header.strip().split(",", -1);
            Map<String, Integer> columns = new HashMap<>();
            for (int i = 0; i < names.length; i++) {
                columns.put(names[i].trim(), i);
            }
            for (String column : required) {
                if (!columns.containsKey(column)) {
                    throw new IllegalArgumentException(file + ", line 1: has no column " + column + "; expected "
                            + String.join(",", required) + " in any order, got " + Arrays.toString(names));
                }
            }
            int lineNumber = 1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.strip().split(",", -1);
                if (cells.length != names.length) {
                    throw new IllegalArgumentException(file + ", line " + lineNumber + ": has " + cells.length
                            + " fields; the header has " + names.length);
                }
                rows.add(new Row(file, lineNumber, columns, cells));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return rows;
    }
}
