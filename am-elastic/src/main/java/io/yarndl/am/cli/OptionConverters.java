package io.yarndl.am.cli;

import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import java.time.Duration;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Picocli converters for the option types of this CLI. A conversion error becomes picocli's
 * "Invalid value for option '--x': ..." message and exit code 2, before any command runs.
 */
final class OptionConverters {

    private OptionConverters() {
    }

    /** {@code 4g}, {@code 4096m}, {@code 4096}: megabytes ({@link SizeParser#memoryMb}). */
    static final class MemoryMb implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return SizeParser.memoryMb(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code 30s}, {@code 500ms}, {@code 2m} ({@link SizeParser#duration}). */
    static final class Time implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return SizeParser.duration(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code pytorch} or {@code mxnet}, case-insensitive. */
    static final class FrameworkName implements ITypeConverter<Framework> {
        static final String ALLOWED = Arrays.stream(Framework.values())
                .map(f -> f.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));

        @Override
        public Framework convert(String value) {
            for (Framework framework : Framework.values()) {
                if (framework.name().equalsIgnoreCase(value.trim())) {
                    return framework;
                }
            }
            throw new TypeConversionException("unknown framework '" + value + "' (allowed: " + ALLOWED + ")");
        }
    }

    /** Help's list of frameworks, lower case. */
    static final class FrameworkCandidates implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(FrameworkName.ALLOWED.split(", ")).iterator();
        }
    }

    /** {@code allreduce} or {@code ps} (also {@code parameter-server}), case-insensitive. */
    static final class ArchitectureName implements ITypeConverter<Architecture> {
        @Override
        public Architecture convert(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "allreduce", "all-reduce" -> Architecture.ALLREDUCE;
                case "ps", "parameter-server", "parameter_server" -> Architecture.PARAMETER_SERVER;
                default -> throw new TypeConversionException(
                        "unknown architecture '" + value + "' (allowed: allreduce, ps)");
            };
        }
    }

    /**
     * {@code application_<clusterTimestamp>_<sequence>}, as YARN prints it: checked here, without
     * Hadoop's ApplicationId, so that parsing a command line loads no Hadoop class.
     */
    static final class AppId implements ITypeConverter<String> {
        private static final Pattern FORM = Pattern.compile("application_\\d+_\\d+");

        @Override
        public String convert(String value) {
            String id = value.trim();
            if (!FORM.matcher(id).matches()) {
                throw new TypeConversionException("'" + value
                        + "' is not an application id (expected application_<timestamp>_<number>)");
            }
            return id;
        }
    }
}
