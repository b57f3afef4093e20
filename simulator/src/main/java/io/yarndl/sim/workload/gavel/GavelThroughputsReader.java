package io.yarndl.sim.workload.gavel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.yarndl.sim.workload.gavel.GavelThroughputs.ColocatedPair;
import io.yarndl.sim.workload.gavel.GavelThroughputs.Measured;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reads Gavel's {@code simulation_throughputs.json} (stanford-futuredata/gavel, {@code scheduler/};
 * copied under {@code data/gavel/}): {@code {gpu_type: {job_type: {"null": steps/s alone,
 * other_job_type: [self, other]}}}}, job types written as Python tuples
 * ({@link GavelJobKey#parse}). GPU types are stored upper-case. The {@code *_unconsolidated} GPU
 * types (a job's GPUs spread over servers) are skipped for now: the simulator's ground truth for
 * Gavel's types does not depend on placement ({@link GavelSpeed}).
 */
public final class GavelThroughputsReader {

    /** The suffix of the GPU types Gavel measured with a job's GPUs spread over servers. */
    static final String UNCONSOLIDATED = "_unconsolidated";

    private static final String ISOLATED = "null";

    private GavelThroughputsReader() {
    }

    /**
     * Reads {@code file}.
     *
     * @throws IOException              if it cannot be read or is not JSON
     * @throws IllegalArgumentException naming the file and the entry, if an entry is malformed
     */
    public static GavelThroughputs read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString());
        }
    }

    /** Reads the JSON in {@code in}; {@code source} names it in errors. */
    public static GavelThroughputs read(InputStream in, String source) throws IOException {
        JsonNode root = new ObjectMapper().readTree(in);
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(source + ": expected a JSON object of GPU types");
        }
        Map<String, Map<GavelJobKey, Measured>> byType = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> types = root.fields(); types.hasNext(); ) {
            Map.Entry<String, JsonNode> type = types.next();
            if (type.getKey().endsWith(UNCONSOLIDATED)) {
                continue;
            }
            Map<GavelJobKey, Measured> jobs = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = type.getValue().fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> job = it.next();
                String where = source + ": " + type.getKey() + " / " + job.getKey();
                try {
                    jobs.put(GavelJobKey.parse(job.getKey()), measured(job.getValue()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
                }
            }
            byType.put(type.getKey().toUpperCase(Locale.ROOT), jobs);
        }
        return new GavelThroughputs(byType);
    }

    private static Measured measured(JsonNode entry) {
        JsonNode alone = entry.get(ISOLATED);
        if (alone == null || !alone.isNumber()) {
            throw new IllegalArgumentException("no isolated (\"null\") steps/s");
        }
        Map<GavelJobKey, ColocatedPair> pairs = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = entry.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> other = it.next();
            if (other.getKey().equals(ISOLATED)) {
                continue;
            }
            JsonNode pair = other.getValue();
            if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isNumber() || !pair.get(1).isNumber()) {
                throw new IllegalArgumentException("co-located with " + other.getKey() + ": expected [self, other]");
            }
            pairs.put(GavelJobKey.parse(other.getKey()), new ColocatedPair(pair.get(0).asDouble(), pair.get(1).asDouble()));
        }
        return new Measured(alone.asDouble(), pairs);
    }
}
