package io.yarndl.core.throughput;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Measured training speeds of known model families per GPU type, the prior a policy uses for a
 * job's speed on a type before the job has run there. Keyed by model family (what a job declares
 * in {@link io.yarndl.core.job.JobSpec#modelFamily()}), workers and GPU type; types compare
 * without case ({@code v100} is {@code V100}). Immutable.
 *
 * <p>The shipped profile ({@link #gavel()}) is Gavel's measured table (Narayanan et al., OSDI'20):
 * 26 model families at 1, 2, 4 and 8 workers on K80, P100 and V100. A speed of 0 is a measurement
 * too: the job cannot run there (Gavel records 0 where the model did not fit the GPU's memory).
 * It also holds what Gavel measured for two families sharing the same GPUs (space sharing),
 * {@link #colocatedStepsPerSecond}, read from a second table ({@link #withColocated}).
 */
public final class ThroughputProfile {

    /** The resource the shipped profile is read from. */
    public static final String GAVEL_RESOURCE = "/io/yarndl/core/throughput/gavel-throughputs.csv";

    /** The resource the shipped profile's co-located speeds are read from. */
    public static final String GAVEL_COLOCATED_RESOURCE = "/io/yarndl/core/throughput/gavel-colocated-throughputs.csv";

    private static final String ROW = "family,scale_factor,gpu_type,steps_per_second";
    private static final String COLOCATED_ROW = "family,other_family,scale_factor,gpu_type,steps_per_second";

    private static final ThroughputProfile EMPTY = new ThroughputProfile(Map.of(), Map.of());

    private final Map<Key, Double> stepsPerSecond;
    private final Map<Key, Double> colocated;

    private ThroughputProfile(Map<Key, Double> stepsPerSecond, Map<Key, Double> colocated) {
        this.stepsPerSecond = Collections.unmodifiableMap(new HashMap<>(stepsPerSecond));
        this.colocated = Collections.unmodifiableMap(new HashMap<>(colocated));
    }

    /** A profile that knows no family: every job's prior is the documented default. */
    public static ThroughputProfile empty() {
        return EMPTY;
    }

    /** Gavel's measured throughputs, shipped in the jar; read once. */
    public static ThroughputProfile gavel() {
        return Shipped.GAVEL;
    }

    /**
     * Reads {@code family,scale_factor,gpu_type,steps_per_second} rows; lines starting with
     * {@code #} and the header are skipped.
     *
     * @throws IllegalArgumentException naming the source and line of a malformed row
     */
    public static ThroughputProfile read(InputStream in, String source) throws IOException {
        return new ThroughputProfile(readRows(in, source, ROW), Map.of());
    }

    /**
     * This profile with the co-located speeds of {@code family,other_family,scale_factor,gpu_type,steps_per_second}
     * rows: family's steps/s while it shares its GPUs with other_family at the same scale factor.
     *
     * @throws IllegalArgumentException naming the source and line of a malformed row
     */
    public ThroughputProfile withColocated(InputStream in, String source) throws IOException {
        return new ThroughputProfile(stepsPerSecond, readRows(in, source, COLOCATED_ROW));
    }

    private static Map<Key, Double> readRows(InputStream in, String source, String header) throws IOException {
        int cellCount = header.split(",").length;
        Map<Key, Double> rows = new HashMap<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            int lineNumber = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lineNumber++;
                if (line.isBlank() || line.startsWith("#") || line.startsWith("family,")) {
                    continue;
                }
                String[] cells = line.split(",", -1);
                try {
                    if (cells.length != cellCount) {
                        throw new IllegalArgumentException("expected " + cellCount + " cells, got " + cells.length);
                    }
                    double speed = Double.parseDouble(cells[cellCount - 1].trim());
                    if (!(speed >= 0) || Double.isInfinite(speed)) {
                        throw new IllegalArgumentException("steps per second must be a finite number >= 0, got "
                                + cells[cellCount - 1]);
                    }
                    String family = cellCount == 5 ? cells[0].trim() + PAIR + cells[1].trim() : cells[0].trim();
                    rows.put(new Key(family, Integer.parseInt(cells[cellCount - 3].trim()),
                            normalise(cells[cellCount - 2])), speed);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(source + " line " + lineNumber + ": " + e.getMessage()
                            + " (want " + header + ")", e);
                }
            }
        }
        return rows;
    }

    /** Measured steps/s of {@code family} at {@code workers} on {@code gpuType}, if the profile has it. */
    public OptionalDouble stepsPerSecond(String family, int workers, String gpuType) {
        Double speed = stepsPerSecond.get(new Key(family, workers, normalise(gpuType)));
        return speed == null ? OptionalDouble.empty() : OptionalDouble.of(speed);
    }

    /**
     * Measured steps/s of {@code family} at {@code workers} on {@code gpuType} while it shares those
     * GPUs with {@code other} at the same size, if the profile has the pair.
     */
    public OptionalDouble colocatedStepsPerSecond(String family, String other, int workers, String gpuType) {
        Double speed = colocated.get(new Key(family + PAIR + other, workers, normalise(gpuType)));
        return speed == null ? OptionalDouble.empty() : OptionalDouble.of(speed);
    }

    /** The families the isolated table names, sorted; what a caller walks to list every measured pair. */
    public SortedSet<String> families() {
        SortedSet<String> families = new TreeSet<>();
        stepsPerSecond.keySet().forEach(key -> families.add(key.family()));
        return Collections.unmodifiableSortedSet(families);
    }

    /** The GPU types the isolated table names, upper case, sorted. */
    public SortedSet<String> gpuTypes() {
        SortedSet<String> types = new TreeSet<>();
        stepsPerSecond.keySet().forEach(key -> types.add(key.gpuType()));
        return Collections.unmodifiableSortedSet(types);
    }

    /** How many (family, workers, type) rows it holds. */
    public int size() {
        return stepsPerSecond.size();
    }

    static String normalise(String gpuType) {
        return Objects.requireNonNull(gpuType, "gpuType").trim().toUpperCase(Locale.ROOT);
    }

    /** Joins a pair's two families into one key; a family name holds no line break. */
    private static final String PAIR = "\n";

    private record Key(String family, int workers, String gpuType) {
    }

    /** Holder, so the shipped table is read on first use and by one thread. */
    private static final class Shipped {
        static final ThroughputProfile GAVEL = load();

        private static ThroughputProfile load() {
            try (InputStream in = resource(GAVEL_RESOURCE);
                 InputStream pairs = resource(GAVEL_COLOCATED_RESOURCE)) {
                return read(in, GAVEL_RESOURCE).withColocated(pairs, GAVEL_COLOCATED_RESOURCE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + GAVEL_RESOURCE + " or " + GAVEL_COLOCATED_RESOURCE, e);
            }
        }

        private static InputStream resource(String name) {
            InputStream in = ThroughputProfile.class.getResourceAsStream(name);
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + name);
            }
            return in;
        }
    }
}
