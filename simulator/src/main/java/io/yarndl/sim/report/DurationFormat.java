package io.yarndl.sim.report;

import java.util.Locale;

/**
 * The time unit a report column is printed in. A column picks one unit for all its rows, so rows
 * compare at a glance: minutes while the column's largest value is under two hours, else hours,
 * else days past two weeks.
 */
public enum DurationFormat {
    MINUTES("min", 60, 1),
    HOURS("h", 3600, 2),
    DAYS("d", 86_400, 2);

    private final String symbol;
    private final double seconds;
    private final int decimals;

    DurationFormat(String symbol, double seconds, int decimals) {
        this.symbol = symbol;
        this.seconds = seconds;
        this.decimals = decimals;
    }

    /** The unit that suits a column whose largest value is {@code maxSeconds}. */
    public static DurationFormat forLargest(double maxSeconds) {
        if (!(maxSeconds >= 2 * 3600)) {
            return MINUTES;
        }
        return maxSeconds < 14 * 86_400 ? HOURS : DAYS;
    }

    /** The unit's short name for column headers, e.g. {@code h}. */
    public String symbol() {
        return symbol;
    }

    /** {@code seconds} in this unit with the unit's decimals; {@code -} for NaN (no jobs). */
    public String format(double valueSeconds) {
        if (Double.isNaN(valueSeconds)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", valueSeconds / seconds);
    }
}
