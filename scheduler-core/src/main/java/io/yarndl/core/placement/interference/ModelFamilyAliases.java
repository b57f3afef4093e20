package io.yarndl.core.placement.interference;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which of Gavel's measured job types stands in for a job's model family where interference is
 * looked up or predicted: a Gavel job type stands for itself, another family through the shipped
 * table {@value #RESOURCE} (Sia's and DL2's applications, chosen by architecture and batch, not
 * measured), anything else for nothing: its interference is unknown. Gavel measured on K80, P100
 * and V100 only; other GPU types read V100's figures ({@link #measuredGpuType}), the newest it
 * measured and the nearest in speed to the types that replaced it. Immutable.
 *
 * @param gavelJobTypes the job types Gavel measured, by their exact names
 * @param byFamily      the table's stand-ins, keyed by lower-case family
 */
public record ModelFamilyAliases(Set<String> gavelJobTypes, Map<String, String> byFamily) {

    /** The shipped table, on the classpath. */
    public static final String RESOURCE = "/io/yarndl/core/placement/interference/model-family-aliases.csv";

    /** The GPU type whose figures stand for a type Gavel did not measure. */
    public static final String STAND_IN_GPU_TYPE = "V100";

    private static final Set<String> MEASURED_GPU_TYPES = Set.of("K80", "P100", "V100");

    public ModelFamilyAliases {
        gavelJobTypes = Set.copyOf(gavelJobTypes);
        byFamily = Map.copyOf(byFamily);
    }

    /**
     * The shipped table over {@code gavelJobTypes}.
     *
     * @throws IllegalStateException when a stand-in is not one of them (a broken build, not input)
     */
    public static ModelFamilyAliases shipped(Set<String> gavelJobTypes) {
        try (InputStream in = ModelFamilyAliases.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            Map<String, String> byFamily = read(in);
            byFamily.forEach((family, type) -> {
                if (!gavelJobTypes.contains(type)) {
                    throw new IllegalStateException(RESOURCE + ": " + family + " stands in for '" + type
                            + "', which Gavel did not measure");
                }
            });
            return new ModelFamilyAliases(gavelJobTypes, byFamily);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** The Gavel job type measured for {@code family}, or empty when none stands for it. */
    public Optional<String> gavelJobType(String family) {
        if (family == null) {
            return Optional.empty();
        }
        if (gavelJobTypes.contains(family)) {
            return Optional.of(family);
        }
        return Optional.ofNullable(byFamily.get(family.trim().toLowerCase(Locale.ROOT)));
    }

    /** The GPU type whose measurements stand for {@code gpuType}: itself where Gavel measured it, else V100. */
    public static String measuredGpuType(String gpuType) {
        String key = gpuType == null ? "" : gpuType.trim().toUpperCase(Locale.ROOT);
        return MEASURED_GPU_TYPES.contains(key) ? key : STAND_IN_GPU_TYPE;
    }

    private static Map<String, String> read(InputStream in) throws IOException {
        Map<String, String> byFamily = new TreeMap<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        boolean header = true;
        while ((line = reader.readLine()) != null) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            String[] cells = line.split(",", 3);
            byFamily.put(cells[0].trim().toLowerCase(Locale.ROOT), cells[1].trim());
        }
        return byFamily;
    }
}
