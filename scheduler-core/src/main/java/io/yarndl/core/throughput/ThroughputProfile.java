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

/**
 * Measured training speeds of known model families per GPU type, the prior a policy uses for a
 * job's speed on a type before the job has run there. Keyed by model family (what a job declares
 * in {@link io.yarndl.core.job.JobSpec#modelFamily()}), workers and GPU type; types compare
 * without case ({@code v100} is {@code V100}). Immutable.
 *
 * <p>The shipped profile ({@link #gavel()}) is Gavel's measured table (Narayanan et al., OSDI'20):
 * 26 model families at 1, 2, 4 and 8 workers on K80, P100 and V100. A speed of 0 is a measurement
 * too: the job cannot run there (Gavel records 0 where the model did not fit the GPU's memory).
 */
public final class ThroughputProfile {

    /** The resource the shipped profile is read from. */
    public static final String GAVEL_RESOURCE = "/io/yarndl/core/throughput/gavel-throughputs.csv";

    private static final ThroughputProfile EMPTY = new ThroughputProfile(Map.of());

    private final Map<Key, Double> stepsPerSecond;

    private ThroughputProfile(Map<Key, Double> stepsPerSecond) {
        this.stepsPerSecond = Collections.unmodifiableMap(new HashMap<>(stepsPerSecond));
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
                    if (cells.length != 4) {
                        throw new IllegalArgumentException("expected 4 cells, got " + cells.length);
                    }
                    double speed = Double.parseDouble(cells[3].trim());
                    if (!(speed >= 0) || Double.isInfinite(speed)) {
                        throw new IllegalArgumentException("steps per second must be a finite number >= 0, got "
                                + cells[3]);
                    }
                    rows.put(new Key(cells[0].trim(), Integer.parseInt(cells[1].trim()), normalise(cells[2])), speed);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(source + " line " + lineNumber + ": " + e.getMessage()
                            + " (want family,scale_factor,gpu_type,steps_per_second)", e);
                }
            }
        }
        return new ThroughputProfile(rows);
    }

    /** Measured steps/s of {@code family} at {@code workers} on {@code gpuType}, if the profile has it. */
    public OptionalDouble stepsPerSecond(String family, int workers, String gpuType) {
        Double speed = stepsPerSecond.get(new Key(family, workers, normalise(gpuType)));
        return speed == null ? OptionalDouble.empty() : OptionalDouble.of(speed);
    }

    /** How many (family, workers, type) rows it holds. */
    public int size() {
        return stepsPerSecond.size();
    }

    static String normalise(String gpuType) {
        return Objects.requireNonNull(gpuType, "gpuType").trim().toUpperCase(Locale.ROOT);
    }

    private record Key(String family, int workers, String gpuType) {
    }

    /** Holder, so the shipped table is read on first use and by one thread. */
    private static final class Shipped {
        static final ThroughputProfile GAVEL = load();

        private static ThroughputProfile load() {
            try (InputStream in = ThroughputProfile.class.getResourceAsStream(GAVEL_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the jar lacks " + GAVEL_RESOURCE);
                }
                return read(in, GAVEL_RESOURCE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + GAVEL_RESOURCE, e);
            }
        }
    }
}
