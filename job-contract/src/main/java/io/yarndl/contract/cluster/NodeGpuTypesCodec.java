package io.yarndl.contract.cluster;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.yarndl.contract.job.MalformedRecordException;
import io.yarndl.contract.json.InvalidField;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.contract.json.StrictJson;
import java.util.Map;

/**
 * The JSON of {@code <root>/gpu-types}, which the scheduler writes and ApplicationMasters read:
 * <pre>{@code
 * {"version":1,"nodes":{"gpu-host-1:8041":"V100","gpu-host-2:8041":"K80"}}
 * }</pre>
 * Both fields required; {@code nodes} maps the scheduler's node names to GPU types, nodes without
 * a type left out. Read strictly ({@link StrictJson}): anything else is a
 * {@link MalformedRecordException} naming the field. Thread-safe; no ZooKeeper calls.
 */
public final class NodeGpuTypesCodec {

    /** The version this codec writes and the only one it reads. */
    static final int VERSION = 1;
    private static final String RECORD = "gpu-types";

    private final StrictJson json = StrictJson.everyFieldRequired();

    /** The record as Jackson maps it. */
    record Stored(int version, Map<String, String> nodes) {

        Stored {
            for (Map.Entry<String, String> entry : nodes.entrySet()) {
                if (entry.getValue() == null || entry.getValue().isBlank()) {
                    throw new InvalidField("nodes." + entry.getKey(), "must be a GPU type, got "
                            + (entry.getValue() == null ? "null" : "\"\""));
                }
            }
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    private record RecordVersion(@JsonProperty(required = true) int version) {
    }

    public String toJson(NodeGpuTypes types) {
        return json.write(new Stored(VERSION, types.byNode()));
    }

    public NodeGpuTypes fromJson(String text) throws MalformedRecordException {
        try {
            JsonNode tree = json.object(text);
            int version = json.bind(tree, RecordVersion.class).version();
            if (version != VERSION) {
                throw new JsonProblem("unsupported version " + version + " (this reader understands version "
                        + VERSION + ")");
            }
            return new NodeGpuTypes(json.bind(tree, Stored.class).nodes());
        } catch (JsonProblem e) {
            throw new MalformedRecordException(RECORD + ": " + e.getMessage(), e);
        }
    }
}
