package io.yarndl.yarn.config;

import java.math.BigDecimal;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads one setting's value and says which key is wrong and what it allows when it cannot be
 * used. Every settings record of this package reads its integers, decimals and booleans here, so
 * they all refuse the same mistakes the same way.
 */
final class SettingValues {

    private SettingValues() {
    }

    static long readLong(Configuration conf, String key, long defaultValue, long min, String unit) {
        return readLong(conf, key, defaultValue, min, Long.MAX_VALUE, unit);
    }

    // Not conf.getLong or getTimeDuration: those accept "5s" or throw a NumberFormatException that
    // names no key; the files document plain integers, so anything else is an operator's mistake.
    static long readLong(Configuration conf, String key, long defaultValue, long min, long max, String unit) {
        String raw = conf.get(key);
        if (raw == null) {
            return defaultValue;
        }
        String allowed = "allowed: an integer " + (max == Long.MAX_VALUE ? ">= " + min : "from " + min + " to " + max)
                + " (" + unit + ")";
        long value;
        try {
            value = Long.parseLong(raw.trim());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(key, raw, "is not an integer", allowed);
        }
        if (value < min || value > max) {
            throw new InvalidSettingException(key, raw, "is out of range", allowed);
        }
        return value;
    }

    static boolean readBoolean(Configuration conf, String key, boolean defaultValue) {
        String raw = conf.get(key);
        if (raw == null) {
            return defaultValue;
        }
        return switch (raw.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidSettingException(key, raw, "is not a boolean", "allowed: true, false");
        };
    }

    /**
     * A decimal number such as {@code 0.05} or {@code 5e-2}, at least {@code min} (more than it where
     * {@code minAllowed} is false). Not {@code conf.getDouble}: Java's parser also takes {@code NaN},
     * {@code Infinity}, hexadecimal and a trailing {@code d} or {@code f}, none of which an operator means.
     */
    static double readDouble(Configuration conf, String key, double defaultValue, double min, boolean minAllowed,
                             String unit) {
        String raw = conf.get(key);
        if (raw == null) {
            return defaultValue;
        }
        String allowed = "allowed: a number " + (minAllowed ? ">= " : "> ") + formatDecimal(min) + " (" + unit + ")";
        double value;
        try {
            value = new BigDecimal(raw.trim()).doubleValue();
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(key, raw, "is not a number", allowed);
        }
        if (Double.isInfinite(value) || value < min || (!minAllowed && value == min)) {
            throw new InvalidSettingException(key, raw, "is out of range", allowed);
        }
        return value;
    }

    /** A decimal number, as {@link #readDouble}, from {@code min} to {@code max} inclusive. */
    static double readDoubleBetween(Configuration conf, String key, double defaultValue, double min, double max,
                                    String unit) {
        String raw = conf.get(key);
        if (raw == null) {
            return defaultValue;
        }
        String allowed = "allowed: a number from " + formatDecimal(min) + " to " + formatDecimal(max) + " (" + unit + ")";
        double value;
        try {
            value = new BigDecimal(raw.trim()).doubleValue();
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(key, raw, "is not a number", allowed);
        }
        if (value < min || value > max) {
            throw new InvalidSettingException(key, raw, "is out of range", allowed);
        }
        return value;
    }

    /** A decimal as a configuration file writes it: {@code 0.05}, {@code 4}, {@code 0}, never {@code 0.0} or {@code 5.0E-2}. */
    static String formatDecimal(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
