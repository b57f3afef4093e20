package io.yarndl.sim.trace;

/**
 * A trace file that cannot be read as a workload: names the file, the 1-based line, the column and
 * the offending value, so that a person can open the file and fix the row. Unchecked because
 * readers stream through {@link java.util.Iterator}, which cannot throw checked exceptions.
 */
public final class TraceFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final long line;
    private final String column;
    private final String value;

    /**
     * @param source  file name or other description of where the text came from
     * @param line    1-based line number, counting header, comment and blank lines
     * @param column  column name, or {@code null} when the problem is the row as a whole
     * @param value   the offending text, or {@code null} when there is none
     * @param problem what is wrong, in words
     */
    public TraceFormatException(String source, long line, String column, String value, String problem) {
        super(describe(source, line, column, value, problem));
        this.source = source;
        this.line = line;
        this.column = column;
        this.value = value;
    }

    private static String describe(String source, long line, String column, String value, String problem) {
        StringBuilder text = new StringBuilder().append(source).append(", line ").append(line);
        if (column != null) {
            text.append(", column ").append(column);
        }
        text.append(": ").append(problem);
        if (value != null) {
            text.append(" (value '").append(value).append("')");
        }
        return text.toString();
    }

    /** Where the text came from (usually the file's path). */
    public String source() {
        return source;
    }

    /** 1-based line number of the bad row. */
    public long line() {
        return line;
    }

    /** The bad column's name, or {@code null} for a problem with the whole row. */
    public String column() {
        return column;
    }

    /** The bad value as written, or {@code null}. */
    public String value() {
        return value;
    }
}
