package io.yarndl.yarn.state;

import io.yarndl.contract.json.JsonProblem;
import io.yarndl.contract.json.StrictJson;
import java.util.regex.Pattern;

/**
 * The data of {@code <root>/scheduler/state}: which chunks hold the current checkpoint and how to
 * check them. {@code {"format":1,"generation":7,"chunks":3,"bytes":1200000,"sha256":"<64 hex>",
 * "writtenAtMillis":1732200000000}}, every field required, mapped by Jackson as this record.
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
    private static final StrictJson JSON = StrictJson.everyFieldRequired();

    byte[] toJson() {
        return JSON.writeBytes(this);
    }

    /**
     * The manifest in {@code data}. Its format is not judged here: the store reports an
     * unsupported one as such, while a manifest it cannot read at all is
     * {@link CheckpointProblem#MALFORMED}.
     */
    static CheckpointManifest fromJson(byte[] data) throws UnreadableCheckpointException {
        CheckpointManifest manifest;
        try {
            manifest = JSON.bind(JSON.object(data), CheckpointManifest.class);
        } catch (JsonProblem e) {
            throw malformed(e.getMessage());
        }
        if (manifest.generation < 1) {
            throw malformed("generation must be at least 1, got " + manifest.generation);
        }
        if (manifest.chunks < 1 || manifest.bytes < manifest.chunks) {
            throw malformed(manifest.chunks + " chunks cannot hold " + manifest.bytes + " bytes");
        }
        if (!SHA256.matcher(manifest.sha256).matches()) {
            throw malformed("sha256 must be 64 lower-case hex digits, got '" + manifest.sha256 + "'");
        }
        return manifest;
    }

    private static UnreadableCheckpointException malformed(String what) {
        return new UnreadableCheckpointException(CheckpointProblem.MALFORMED, DOC + ": " + what);
    }
}
