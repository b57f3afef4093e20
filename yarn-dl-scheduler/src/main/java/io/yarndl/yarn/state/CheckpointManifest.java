package io.yarndl.yarn.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.regex.Pattern;

/**
 * The data of {@code <root>/scheduler/state}: which chunks hold the current checkpoint and how to
 * check them. {@code {"format":1,"generation":7,"chunks":3,"bytes":1200000,"sha256":"<64 hex>",
 * "writtenAtMillis":1732200000000}}, every field required.
 *
 * @param format          the checkpoint format of the payload
 * @param generation      names the chunks: {@code <generation>-0} to {@code <generation>-<chunks-1>}
 * @param chunks          how many chunks, at least 1
 * @param bytes           the compressed payload's length, at least {@code chunks}
 * @param sha256          the payload's SHA-256, 64 lower-case hex digits
 * @param writtenAtMillis when the checkpoint was made
 */
record CheckpointManifest(int format, long generation, int chunks, long bytes, String sha256, long writtenAtMillis) {

    private static final String DOC = "manifest";
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    byte[] toJson() {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("format", format);
        json.put("generation", generation);
        json.put("chunks", chunks);
        json.put("bytes", bytes);
        json.put("sha256", sha256);
        json.put("writtenAtMillis", writtenAtMillis);
        try {
            return MAPPER.writeValueAsBytes(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a JSON tree", e);
        }
    }

    /**
     * The manifest in {@code data}. Its format is not judged here: the store reports an
     * unsupported one as such, while a manifest it cannot read at all is
     * {@link CheckpointProblem#MALFORMED}.
     */
    static CheckpointManifest fromJson(byte[] data) throws UnreadableCheckpointException {
        JsonNode root;
        try {
            root = MAPPER.readTree(data);
        } catch (IOException e) {
            throw CheckpointFields.malformed(DOC, "not valid JSON: " + e.getMessage().lines().findFirst().orElse(""));
        }
        CheckpointFields fields = CheckpointFields.of(root, DOC, "", "format", "generation", "chunks", "bytes",
                "sha256", "writtenAtMillis");
        CheckpointManifest manifest = new CheckpointManifest(fields.integer("format"), fields.longInteger("generation"),
                fields.integer("chunks"), fields.longInteger("bytes"), fields.text("sha256"),
                fields.longInteger("writtenAtMillis"));
        if (manifest.generation < 1) {
            throw CheckpointFields.malformed(DOC, "generation must be at least 1, got " + manifest.generation);
        }
        if (manifest.chunks < 1 || manifest.bytes < manifest.chunks) {
            throw CheckpointFields.malformed(DOC, manifest.chunks + " chunks cannot hold " + manifest.bytes + " bytes");
        }
        if (!SHA256.matcher(manifest.sha256).matches()) {
            throw CheckpointFields.malformed(DOC, "sha256 must be 64 lower-case hex digits, got '" + manifest.sha256 + "'");
        }
        return manifest;
    }
}
