package io.yarndl.contract.job;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.contract.json.StrictJson;
import io.yarndl.core.job.ProgressSample;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The JSON of the two job records an ApplicationMaster writes to ZooKeeper. Thread-safe (two
 * immutable Jackson mappers); pure text work, so a lost ZooKeeper connection does not concern it.
 *
 * <h2>Spec, {@code <root>/jobs/<applicationId>/spec}</h2>
 * <pre>{@code
 * {"version":1,"name":"resnet50","framework":"PYTORCH","architecture":"ALLREDUCE","syncMode":"SYNC",
 *  "worker":{"gpus":1,"vcores":2,"memoryMb":4096},"ps":{"gpus":0,"vcores":1,"memoryMb":2048},
 *  "minWorkers":1,"maxWorkers":4,"minPs":0,"maxPs":0,"requestedWorkers":2,"requestedPs":0,
 *  "globalBatchSize":128,"goal":{"targetLoss":0.1}}
 * }</pre>
 * <ul>
 *   <li>required: {@code version} (must be 1), {@code name} (non-blank), {@code framework}
 *       (PYTORCH, MXNET), {@code architecture} (ALLREDUCE, PARAMETER_SERVER), {@code worker},
 *       {@code minWorkers}, {@code maxWorkers}, {@code globalBatchSize}, {@code goal};</li>
 *   <li>optional: {@code syncMode} (SYNC, ASYNC, or the long names SYNCHRONOUS, ASYNCHRONOUS;
 *       default SYNC), {@code ps} (default all zero), {@code minPs}, {@code maxPs},
 *       {@code requestedPs} (default 0), {@code requestedWorkers} (default {@code maxWorkers}),
 *       {@code modelFamily} (the model it trains as Gavel's throughput profile names it, e.g.
 *       {@code "ResNet-50 (batch size 64)"}; default none, and then not written),
 *       {@code batchLimits} ({@code {"min":64,"max":1024,"maxLocal":128}}: the global batch sizes
 *       the job may train at, {@code globalBatchSize} among them; {@code maxLocal}, the most samples
 *       one worker takes per micro-step, optional; default the one batch {@code globalBatchSize},
 *       and then not written);</li>
 *   <li>{@code worker} and {@code ps} are {@code {"gpus":g,"vcores":v,"memoryMb":m}}, all three
 *       required, non-negative integers;</li>
 *   <li>{@code goal} is exactly one of {@code {"targetLoss":x}} (positive number) or
 *       {@code {"steps":n}} (positive integer);</li>
 *   <li>an optional field that is {@code null} takes its default too;</li>
 *   <li>enum values are case-insensitive; unknown fields (at any level) are rejected by name;
 *       the whole must pass {@link io.yarndl.core.job.JobSpec}'s rules (for example
 *       {@code minWorkers <= requestedWorkers <= maxWorkers}, parameter servers only for
 *       PARAMETER_SERVER jobs).</li>
 * </ul>
 * Written with the short sync names and every field spelled out.
 *
 * <h2>Progress, {@code <root>/jobs/<applicationId>/progress}</h2>
 * <pre>{@code
 * {"version":2,"samples":[
 *   {"timeSec":1732200000.5,"step":1200,"loss":0.83,"stepsPerSecond":4.2,"workers":2,"ps":0},
 *   {"timeSec":1732200000.8,"step":1201,"loss":0.82,"stepsPerSecond":4.2,"workers":2,"ps":0,"gpuType":"V100"},
 *   {"timeSec":1732200001.1,"step":1203,"loss":0.81,"stepsPerSecond":2.2,"workers":4,"ps":0,"batchSize":256,
 *    "noiseScale":310.5}]}
 * }</pre>
 * A batch: the samples the AM took since its previous write, oldest first, at least one. The AM
 * writes at a bounded rate (its {@code --progress-interval}) and the scheduler, which may read only
 * the last of several writes, takes every sample newer than the last it accepted, so no sample is
 * lost between two reads. Version 1, one sample's fields at the top level, is still read (an AM of
 * an older release), as a batch of one. In a sample every field is required but three: {@code gpuType},
 * the GPU type the job's workers ran on while it was measured: an AM that does not know it leaves
 * it out (an untagged sample, {@link io.yarndl.core.cluster.Node#UNKNOWN_GPU_TYPE}), and records
 * written before the field existed read so; {@code batchSize}, the global batch the job trained at
 * (at least 1; absent: the spec's {@code globalBatchSize}, {@link ProgressSample#SPEC_BATCH}), whose
 * steps {@code stepsPerSecond} counts, while {@code step} counts steps of the spec's
 * {@code globalBatchSize} whatever the batch; and {@code noiseScale}, the gradient noise scale the
 * job measured, in samples (absent: not measured, NaN). {@code timeSec} is seconds since the epoch. The reader checks form,
 * not sense: a negative step or zero workers parse into a sample whose
 * {@link ProgressSample#isUsable()} is false, which the watcher rejects. Non-finite doubles are
 * written as the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} (standard JSON
 * has no such numbers) and read back as such, so every sample round-trips; the bare literals
 * {@code NaN}/{@code Infinity} are not JSON and are rejected as malformed.
 *
 * <p>Both records are mapped by Jackson ({@link SpecJson}, {@link ProgressJson}) and read with
 * {@link StrictJson}; both readers reject what is not one JSON object (trailing content, duplicate
 * keys included) with a {@link MalformedRecordException} that names the record and the field's path
 * ({@code progress: missing required field 'samples[1].ps'}).
 */
public final class JobRecordCodec {

    /** The spec version this codec writes and the only one it reads. */
    static final int VERSION = 1;
    /** The progress version this codec writes: a batch of samples. */
    static final int PROGRESS_VERSION = 2;
    /** Progress versions it reads: 1 (one sample, older AMs) and 2. */
    private static final Set<Integer> PROGRESS_VERSIONS = Set.of(1, PROGRESS_VERSION);

    private static final String SPEC = "spec";
    private static final String PROGRESS = "progress";
    /** JobSpec wants an id to validate; its messages then start with "job <id>: ". */
    private static final String VALIDATION_ID = "spec";

    private final StrictJson spec = StrictJson.requiredAsAnnotated();
    private final StrictJson progress = StrictJson.everyFieldRequired();

    /** A record's version, read first: the rest of the record is laid out as its version says. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    private record RecordVersion(@JsonProperty(required = true) int version) {
    }

    public String specToJson(JobDescription description) {
        return spec.write(SpecJson.of(description));
    }

    public JobDescription specFromJson(String json) throws MalformedRecordException {
        JobDescription description;
        try {
            JsonNode tree = spec.object(json);
            checkVersion(spec.bind(tree, RecordVersion.class).version(), Set.of(VERSION));
            description = spec.bind(tree, SpecJson.class).toDescription();
        } catch (JsonProblem e) {
            throw new MalformedRecordException(SPEC + ": " + e.getMessage(), e);
        }
        try {
            description.toSpec(VALIDATION_ID, "validation", "validation");
        } catch (IllegalArgumentException e) {
            String message = e.getMessage().replaceFirst("^job " + VALIDATION_ID + ": ", "");
            throw new MalformedRecordException(SPEC + ": " + message, e);
        }
        return description;
    }

    /** A batch of one. */
    public String progressToJson(ProgressSample sample) {
        return progressToJson(List.of(sample));
    }

    /** A progress record of {@code samples}, oldest first; at least one. */
    public String progressToJson(List<ProgressSample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("a progress record holds at least one sample");
        }
        return progress.write(ProgressJson.of(samples));
    }

    /** The newest sample of the record (its last). */
    public ProgressSample progressFromJson(String json) throws MalformedRecordException {
        List<ProgressSample> samples = progressBatchFromJson(json);
        return samples.get(samples.size() - 1);
    }

    /** The record's samples, oldest first, at least one; a version 1 record is a batch of one. */
    public List<ProgressSample> progressBatchFromJson(String json) throws MalformedRecordException {
        try {
            JsonNode tree = progress.object(json);
            if (checkVersion(progress.bind(tree, RecordVersion.class).version(), PROGRESS_VERSIONS) == 1) {
                return List.of(progress.bind(tree, ProgressJson.VersionOne.class).toSample());
            }
            return progress.bind(ProgressJson.withOptionalFieldsFilled(tree), ProgressJson.class).toSamples();
        } catch (JsonProblem e) {
            throw new MalformedRecordException(PROGRESS + ": " + e.getMessage(), e);
        }
    }

    private static int checkVersion(int version, Set<Integer> supported) throws JsonProblem {
        if (!supported.contains(version)) {
            throw new JsonProblem("unsupported version " + version + " (this reader understands version "
                    + (supported.size() == 1 ? supported.iterator().next() : new TreeSet<>(supported)) + ")");
        }
        return version;
    }
}
