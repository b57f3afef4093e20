package io.yarndl.yarn.state;

import io.yarndl.yarn.jobs.JobSamples;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Encodes a checkpoint within the store's size limits. The plan and the policy's models are always
 * kept whole; only the samples give way: while the payload is too large every job's samples are
 * {@link JobSamples#thinned() thinned} (first and newest kept, every other one between), and when
 * no job has more than two left they are dropped altogether. Each round halves the samples, so a
 * fit takes a few encodings at most.
 */
final class CheckpointFitter {

    /**
     * The payload that fits.
     *
     * @param bytes    gzip-compressed JSON, at most the maximum
     * @param sha256   its SHA-256 in lower-case hex
     * @param thinned  how many rounds of thinning it took (0: stored as given)
     * @param samplesDropped true when even thinned samples did not fit and none were kept
     */
    record Payload(byte[] bytes, String sha256, int thinned, boolean samplesDropped) {
    }

    private final CheckpointCodec codec;
    private final long maxBytes;
    private final long maxJsonBytes;

    /**
     * @param maxBytes     most compressed bytes
     * @param maxJsonBytes most bytes the JSON may have before compression, the reader's inflation limit
     */
    CheckpointFitter(CheckpointCodec codec, long maxBytes, long maxJsonBytes) {
        this.codec = codec;
        this.maxBytes = maxBytes;
        this.maxJsonBytes = maxJsonBytes;
    }

    /** The payload of {@code checkpoint}, thinned as needed; empty when it does not fit even without samples. */
    Optional<Payload> fit(SchedulerCheckpoint checkpoint) {
        SchedulerCheckpoint candidate = checkpoint;
        for (int rounds = 0; ; rounds++) {
            byte[] json = codec.json(candidate);
            if (json.length <= maxJsonBytes) {
                byte[] compressed = CheckpointCodec.gzip(json);
                if (compressed.length <= maxBytes) {
                    boolean dropped = candidate.samples().isEmpty() && !checkpoint.samples().isEmpty();
                    return Optional.of(new Payload(compressed, sha256(compressed), rounds, dropped));
                }
            }
            if (candidate.samples().isEmpty()) {
                return Optional.empty();
            }
            Map<String, JobSamples> thinner = thinned(candidate.samples());
            candidate = candidate.withSamples(thinner == null ? Map.of() : thinner);
        }
    }

    /** Every job's samples thinned once, or null when no job has any left to drop. */
    private static Map<String, JobSamples> thinned(Map<String, JobSamples> samples) {
        Map<String, JobSamples> thinner = new LinkedHashMap<>();
        boolean dropped = false;
        for (Map.Entry<String, JobSamples> job : samples.entrySet()) {
            JobSamples thinned = job.getValue().thinned();
            dropped |= thinned != job.getValue();
            thinner.put(job.getKey(), thinned);
        }
        return dropped ? thinner : null;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
