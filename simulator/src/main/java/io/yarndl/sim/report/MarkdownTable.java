package io.yarndl.sim.report;

import java.util.List;

/**
 * A Markdown pipe table with padded columns, the first (and any text column) left-aligned and the
 * others right-aligned (numbers), so the same text reads well in a terminal and pastes into the docs unchanged.
 */
public final class MarkdownTable {

    private MarkdownTable() {
    }

    /**
     * The rows as a table, the first row its header, ending in a newline; the first column and
     * those in {@code textColumns} (0-based) left-aligned, the others right-aligned.
     *
     * @throws IllegalArgumentException when there are no rows or a row's width differs from the header's
     */
    public static String render(List<String[]> rows, int... textColumns) {
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least its header row");
        }
        int columns = rows.get(0).length;
        boolean[] left = new boolean[columns];
        left[0] = true;
        for (int c : textColumns) {
            left[c] = true;
        }
        int[] width = new int[columns];
        for (String[] row : rows) {
            if (row.length != columns) {
                throw new IllegalArgumentException("a row has " + row.length + " cells, the header " + columns);
            }
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(Math.max(width[c], row[c].length()), 3);
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            appendRow(out, rows.get(r), width, left);
            if (r == 0) {
                // Markdown's separator row; a colon on the right right-aligns the numeric columns.
                String[] rule = new String[columns];
                for (int c = 0; c < columns; c++) {
                    rule[c] = left[c] ? "-".repeat(width[c]) : "-".repeat(width[c] - 1) + ":";
                }
                appendRow(out, rule, width, left);
            }
        }
        return out.toString();
    }

    private static void appendRow(StringBuilder out, String[] cells, int[] width, boolean[] left) {
        out.append('|');
        for (int c = 0; c < cells.length; c++) {
            String cell = cells[c];
            String pad = " ".repeat(width[c] - cell.length());
            out.append(' ').append(left[c] ? cell + pad : pad + cell).append(" |");
        }
        out.append('\n');
    }
}
