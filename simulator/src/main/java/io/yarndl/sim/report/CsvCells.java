package io.yarndl.sim.report;

import java.util.Locale;

/** RFC 4180 cell formatting shared by the report's CSV writers. */
public final class CsvCells {

    private CsvCells() {
    }

    /** Quotes a text cell only when it needs it (comma, quote or line break), doubling inner quotes. */
    public static String text(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    /**
     * A number in plain notation with fixed decimals: never exponent form or a locale's decimal
     * comma, which spreadsheets and pandas would misread. NaN becomes an empty cell.
     */
    public static String number(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
