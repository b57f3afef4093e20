package io.yarndl.am.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the sizes people type on a command line: memory as {@code 4g}, {@code 4096m} or {@code 4096}
 * (megabytes, as YARN counts them) and durations as {@code 30s}, {@code 500ms} or {@code 2m}.
 * The messages say what was given and what is accepted; the caller adds the option's name.
 */
public final class SizeParser {

    private static final Pattern MEMORY = Pattern.compile("(\\d+)\\s*([kmgt]?)b?");
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

    private SizeParser() {
    }

    /**
     * Megabytes in {@code text}: a number with an optional unit {@code k}, {@code m}, {@code g} or
     * {@code t} (case-insensitive, an optional trailing {@code b}); no unit means megabytes.
     *
     * @throws IllegalArgumentException when it is not such a size, or is zero, or less than 1 MB
     */
    public static long memoryMb(String text) {
        Matcher m = MEMORY.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a memory size: use e.g. 4g, 4096m or 4096 (MB)");
        }
        long number = parseNumber(m.group(1), text);
        long mb = switch (m.group(2)) {
            case "k" -> number / 1024;
            case "", "m" -> number;
            case "g" -> Math.multiplyExact(number, 1024L);
            case "t" -> Math.multiplyExact(number, 1024L * 1024L);
            default -> throw new IllegalStateException(m.group(2));
        };
        if (mb <= 0) {
            throw new IllegalArgumentException("'" + text + "' is less than 1 MB");
        }
        return mb;
    }

    /**
     * The duration in {@code text}: a number with the unit {@code ms}, {@code s}, {@code m} or {@code h}.
     *
     * @throws IllegalArgumentException when it is not such a duration, or is zero
     */
    public static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration: use e.g. 30s, 500ms, 2m or 1h");
        }
        long number = parseNumber(m.group(1), text);
        Duration duration = switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(number);
            case "s" -> Duration.ofSeconds(number);
            case "m" -> Duration.ofMinutes(number);
            case "h" -> Duration.ofHours(number);
            default -> throw new IllegalStateException(m.group(2));
        };
        if (duration.isZero()) {
            throw new IllegalArgumentException("'" + text + "' is zero: give a positive duration");
        }
        return duration;
    }

    /** {@code mb} as people write it: {@code 4g} when it is whole gigabytes, else {@code 1536m}. */
    public static String formatMemory(long mb) {
        return mb % 1024 == 0 ? (mb / 1024) + "g" : mb + "m";
    }

    private static long parseNumber(String digits, String text) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException tooLong) {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
    }
}
