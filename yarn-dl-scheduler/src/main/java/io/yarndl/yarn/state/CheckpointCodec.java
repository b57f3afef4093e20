package io.yarndl.yarn.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.contract.json.StrictJson;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A {@link SchedulerCheckpoint} as bytes: UTF-8 JSON, gzip-compressed, mapped by Jackson through
 * {@link CheckpointJson} and read with {@link StrictJson}. Thread-safe (one immutable mapper); pure
 * byte work, so a lost ZooKeeper connection does not concern it.
 *
 * <pre>{@code
 * {"format":5,"writtenAtMillis":1732200000000,"policy":"optimus","modelVersion":null,"rounds":42,
 *  "plan":{"timeSec":1732200000.0,"policy":"optimus","jobs":[{"jobId":"application_1_0001","workers":2,"ps":0,
 *          "placement":{"node-1":{"workers":2,"ps":0}},"reason":"marginal gain 0.8"}]},
 *  "policyState":{"policy":"optimus","jobs":{"application_1_0001":{
 *          "curve":{"b0":0.01,"b1":1.0,"b2":0.1,"lossScale":2.3,"samplesUsed":40},
 *          "speed":{"form":"all-reduce","coefficients":[0.1,0.02],"globalBatch":128},
 *          "fittedStep":1200,"fittedSamples":40,"fittedUpTo":1732199990.0,
 *          "fittedConfigurations":[{"workers":2,"ps":0}]}},
 *          "rounds":{"roundStartSec":"-Infinity","lastCallSec":"NaN","received":{}}},
 *  "samples":{"application_1_0001":{"stride":1,"aged":0,"restarts":[1,38.5],"archive":[],
 *          "recent":[[1732199990.0,1200,0.83,4.2,2,0,"V100",256,310.5]]}},
 *  "carriedOver":{"dlNodes":["node-1"],"sizes":{"application_1_0001":[[1732199990.0,2,0,2,0]]},
 *          "targetChanges":{"application_1_0001":[[1732199980.0,2,0,"marginal gain 0.8"]]}}}
 * }</pre>
 * ({@code carriedOver}: see {@link CarriedOverJson}; format 1 had no such field and reads as carrying nothing over.)
 * {@code policyState.rounds} is Gavel's round bookkeeping (empty as above for Optimus): when the
 * round began, the last call, and per key (a job id, or {@code host|guest}) the time received,
 * e.g. {@code "received":{"application_1_0001":{"inSystemSec":720.0,"onTypeSec":{"V100":360.0}}}}.
 * Every field is required and unknown ones are refused; {@code modelVersion}, {@code policyState},
 * and a job's {@code curve} and {@code speed} may be {@code null}. Samples are arrays
 * {@code [timeSec, step, loss, stepsPerSecond, workers, ps, gpuType, batchSize, noiseScale]} of exactly
 * that length, to keep the checkpoint small; {@code gpuType} is {@code null} for a sample that does not
 * say its GPU type, {@code batchSize} 0 for one that does not say its batch, {@code noiseScale}
 * {@code "NaN"} for one that measured none; {@code restarts} is {@code [count, totalSeconds]} of the
 * job's resizes measured so far ({@link SamplesJson}). Non-finite doubles are the strings
 * {@code "NaN"}, {@code "Infinity"} and {@code "-Infinity"} (standard JSON has no such numbers);
 * finite ones are written in Java's shortest exact form, so every value reads back bit for bit.
 * Maps are written in key order (plan decisions in the plan's order), so equal checkpoints encode
 * to equal bytes, which lets the store skip rewriting an unchanged one.
 *
 * <p>{@link #decode} throws nothing but {@link UnreadableCheckpointException}: gzip garbage and
 * wrong JSON are {@link CheckpointProblem#MALFORMED}, as are unknown, missing or ill-typed fields
 * and values a record's constructor refuses, each named by its path ({@code plan.jobs[2].workers});
 * a gzip stream that ends early is {@link CheckpointProblem#TRUNCATED}; one that inflates past the caller's limit (a gzip bomb) is
 * {@link CheckpointProblem#OVERSIZED}, found without holding more than the limit; a format it
 * cannot read is {@link CheckpointProblem#UNSUPPORTED_FORMAT}.
 */
public final class CheckpointCodec {

    /**
     * The oldest format {@link #migrated} brings up to date. Raising
     * {@link SchedulerCheckpoint#CURRENT_FORMAT} without raising this keeps old checkpoints readable.
     */
    static final int OLDEST_READABLE_FORMAT = 1;

    private static final byte[] GZIP_MAGIC = {(byte) 0x1f, (byte) 0x8b};
    /** Java arrays cannot be larger; a limit above it is no limit. */
    private static final long LARGEST_ARRAY = Integer.MAX_VALUE - 16;
    private static final int BUFFER = 64 * 1024;

    private final StrictJson json = StrictJson.everyFieldRequired();

    /** The checkpoint as gzip-compressed JSON, in the format it names. */
    public byte[] encode(SchedulerCheckpoint checkpoint) {
        return gzip(json(checkpoint));
    }

    /**
     * The checkpoint in {@code compressed}.
     *
     * @param maxDecompressedBytes most bytes the JSON may inflate to; past it decoding stops
     * @throws UnreadableCheckpointException for any content that is not a readable checkpoint
     */
    public SchedulerCheckpoint decode(byte[] compressed, long maxDecompressedBytes)
            throws UnreadableCheckpointException {
        byte[] bytes = gunzip(compressed, maxDecompressedBytes);
        JsonNode tree;
        int format;
        try {
            tree = json.object(bytes);
            format = json.bind(tree, CheckpointLayout.class).format();
        } catch (JsonProblem e) {
            throw malformed(e);
        }
        try {
            return json.bind(migrated(format, tree), CheckpointJson.class).toCheckpoint();
        } catch (JsonProblem e) {
            throw malformed(e);
        } catch (RuntimeException e) {
            // Every expected refusal is mapped where it happens; this keeps the promise for the rest.
            throw new UnreadableCheckpointException(CheckpointProblem.MALFORMED, "checkpoint: refused: " + e, e);
        }
    }

    private static UnreadableCheckpointException malformed(JsonProblem problem) {
        return new UnreadableCheckpointException(CheckpointProblem.MALFORMED, "checkpoint: " + problem.getMessage(),
                problem);
    }

    /**
     * Fails unless {@link #migrated} can bring {@code format} up to date; its message says older or
     * newer and what the scheduler does instead.
     */
    static void checkReadable(int format) throws UnreadableCheckpointException {
        if (format < OLDEST_READABLE_FORMAT || format > SchedulerCheckpoint.CURRENT_FORMAT) {
            String age = format < OLDEST_READABLE_FORMAT
                    ? "older than this scheduler's format " + SchedulerCheckpoint.CURRENT_FORMAT
                            + ", and there is no migration from it"
                    : "newer than this scheduler's format " + SchedulerCheckpoint.CURRENT_FORMAT
                            + " (written by a later yarn-dl)";
            throw new UnreadableCheckpointException(CheckpointProblem.UNSUPPORTED_FORMAT, "checkpoint format "
                    + format + " is " + age + "; the scheduler starts fresh and relearns every job from the"
                    + " samples its ApplicationMaster reports");
        }
    }

    /**
     * The migration hook: {@code tree}, written in {@code format}, as a tree of the current format.
     * One step per older format, oldest first, each setting the tree's {@code format} to its result;
     * {@link #OLDEST_READABLE_FORMAT} stays at the oldest format still converted.
     * <ul>
     *   <li>1 to 2: format 2 added {@code carriedOver} (where DL jobs ran, the REST histories); a
     *       format 1 checkpoint carried nothing over, so it gets an empty one.</li>
     *   <li>2 to 3: format 3 added each sample's GPU type, its seventh value; samples of format 2
     *       did not say it, so each gets {@code null} (untagged).</li>
     *   <li>3 to 4: format 4 added {@code policyState.rounds} (Gavel's received time); a format 3
     *       state had none, so it gets the bookkeeping of no round: nothing received.</li>
     *   <li>4 to 5: format 5 added each sample's batch size and gradient noise scale (its eighth and
     *       ninth values) and each history's measured resizes ({@code restarts}); samples of format
     *       4 said neither, so each gets 0 (the spec's batch) and {@code "NaN"} (not measured), and
     *       each history {@code [0, 0.0]} (none measured).</li>
     * </ul>
     */
    JsonNode migrated(int format, JsonNode tree) throws UnreadableCheckpointException {
        checkReadable(format);
        if (format <= 1 && tree instanceof ObjectNode object) {
            if (object.has(CarriedOverJson.FIELD)) {
                throw malformed(new JsonProblem("unknown field '" + CarriedOverJson.FIELD + "' in a format 1 checkpoint"));
            }
            object.set(CarriedOverJson.FIELD, json.tree(CarriedOverJson.of(CarriedOver.NONE)));
            object.put("format", 2);
        }
        if (format <= 2 && tree instanceof ObjectNode object) {
            SamplesJson.untaggedFromFormatTwo(object.get("samples"));
            object.put("format", 3);
        }
        if (format <= 3 && tree instanceof ObjectNode object) {
            if (object.get("policyState") instanceof ObjectNode state) {
                if (state.has(PolicyStateJson.ROUNDS_FIELD)) {
                    throw malformed(new JsonProblem("unknown field 'policyState." + PolicyStateJson.ROUNDS_FIELD
                            + "' in a format " + format + " checkpoint"));
                }
                state.set(PolicyStateJson.ROUNDS_FIELD, json.tree(PolicyStateJson.NO_ROUNDS));
            }
            object.put("format", 4);
        }
        if (format <= 4 && tree instanceof ObjectNode object) {
            SamplesJson.batchlessFromFormatFour(object.get("samples"));
            object.put("format", 5);
        }
        return tree;
    }

    byte[] json(SchedulerCheckpoint checkpoint) {
        return json.writeBytes(CheckpointJson.of(checkpoint));
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, bytes.length / 4));
        try (GZIPOutputStream zip = new GZIPOutputStream(out, BUFFER)) {
            zip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("gzip to memory failed", e);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] compressed, long maxDecompressedBytes) throws UnreadableCheckpointException {
        if (compressed == null || compressed.length == 0) {
            throw new UnreadableCheckpointException(CheckpointProblem.MALFORMED, "checkpoint: no data");
        }
        if (compressed.length < 2 || compressed[0] != GZIP_MAGIC[0] || compressed[1] != GZIP_MAGIC[1]) {
            throw new UnreadableCheckpointException(CheckpointProblem.MALFORMED,
                    "checkpoint: not gzip data (no gzip magic number)");
        }
        long limit = Math.min(Math.max(0, maxDecompressedBytes), LARGEST_ARRAY);
        ByteArrayOutputStream out = new ByteArrayOutputStream(BUFFER);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed), BUFFER)) {
            byte[] buffer = new byte[BUFFER];
            long total = 0;
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                total += read;
                if (total > limit) {
                    throw new UnreadableCheckpointException(CheckpointProblem.OVERSIZED, "checkpoint: "
                            + compressed.length + " compressed bytes inflate past the limit of " + limit + " bytes");
                }
                out.write(buffer, 0, read);
            }
        } catch (EOFException e) {
            throw new UnreadableCheckpointException(CheckpointProblem.TRUNCATED,
                    "checkpoint: the gzip stream ends early (" + compressed.length + " bytes)", e);
        } catch (IOException e) {
            throw new UnreadableCheckpointException(CheckpointProblem.MALFORMED,
                    "checkpoint: not a valid gzip stream: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }
}
