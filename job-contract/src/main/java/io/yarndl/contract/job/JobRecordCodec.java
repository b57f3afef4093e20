package io.yarndl.contract.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON of the two job records an ApplicationMaster writes to ZooKeeper. Thread-safe (one
 * immutable Jackson mapper); pure text work, so a lost ZooKeeper connection does not concern it.
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
 *       {@code requestedPs} (default 0), {@code requestedWorkers} (default {@code maxWorkers});</li>
 *   <li>{@code worker} and {@code ps} are {@code {"gpus":g,"vcores":v,"memoryMb":m}}, all three
 *       required, non-negative integers;</li>
 *   <li>{@code goal} is exactly one of {@code {"targetLoss":x}} (positive number) or
 *       {@code {"steps":n}} (positive integer);</li>
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
 *   {"timeSec":1732200000.8,"step":1201,"loss":0.82,"stepsPerSecond":4.2,"workers":2,"ps":0}]}
 * }</pre>
 * A batch: the samples the AM took since its previous write, oldest first, at least one. The AM
 * writes at a bounded rate (its {@code --progress-interval}) and the scheduler, which may read only
 * the last of several writes, takes every sample newer than the last it accepted, so no sample is
 * lost between two reads. Version 1, one sample's fields at the top level, is still read (an AM of
 * an older release), as a batch of one. In a sample every field is required; {@code timeSec} is
 * seconds since the epoch. The reader checks form,
 * not sense: a negative step or zero workers parse into a sample whose
 * {@link ProgressSample#isUsable()} is false, which the watcher rejects. Non-finite doubles are
 * written as the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} (standard JSON
 * has no such numbers) and read back as such, so every sample round-trips; the bare literals
 * {@code NaN}/{@code Infinity} are not JSON and are rejected as malformed.
 *
 * <p>Both readers reject what is not one JSON object (trailing content, duplicate keys included)
 * with a {@link MalformedRecordException} that names the record and the field.
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
    private static final Set<String> SPEC_FIELDS = names("version", "name", "framework", "architecture",
            "syncMode", "worker", "ps", "minWorkers", "maxWorkers", "minPs", "maxPs", "requestedWorkers",
            "requestedPs", "globalBatchSize", "goal");
    private static final Set<String> RESOURCE_FIELDS = names("gpus", "vcores", "memoryMb");
    private static final Set<String> GOAL_FIELDS = names("targetLoss", "steps");
    private static final Set<String> SAMPLE_FIELDS = names("timeSec", "step", "loss", "stepsPerSecond", "workers",
            "ps");
    private static final Set<String> PROGRESS_V1_FIELDS = names("version", "timeSec", "step", "loss",
            "stepsPerSecond", "workers", "ps");
    private static final Set<String> PROGRESS_FIELDS = names("version", "samples");
    private static final Map<String, Framework> FRAMEWORKS = byName(Framework.values());
    private static final Map<String, Architecture> ARCHITECTURES = byName(Architecture.values());
    private static final Map<String, SyncMode> SYNC_MODES = syncModes();
    /** JobSpec wants an id to validate; its messages then start with "job <id>: ". */
    private static final String VALIDATION_ID = "spec";

    private final JsonMapper mapper = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    public String specToJson(JobDescription description) {
        ObjectNode json = mapper.createObjectNode();
        json.put("version", VERSION);
        json.put("name", description.name());
        json.put("framework", description.framework().name());
        json.put("architecture", description.architecture().name());
        json.put("syncMode", description.syncMode() == SyncMode.SYNCHRONOUS ? "SYNC" : "ASYNC");
        json.set("worker", resourcesJson(description.workerDemand()));
        json.set("ps", resourcesJson(description.psDemand()));
        json.put("minWorkers", description.minWorkers());
        json.put("maxWorkers", description.maxWorkers());
        json.put("minPs", description.minPs());
        json.put("maxPs", description.maxPs());
        json.put("requestedWorkers", description.requestedWorkers());
        json.put("requestedPs", description.requestedPs());
        json.put("globalBatchSize", description.globalBatchSize());
        ObjectNode goal = json.putObject("goal");
        if (description.goal() instanceof TrainingGoal.TargetLoss target) {
            goal.put("targetLoss", target.loss());
        } else {
            goal.put("steps", ((TrainingGoal.FixedSteps) description.goal()).totalSteps());
        }
        return json.toString();
    }

    public JobDescription specFromJson(String json) throws MalformedRecordException {
        RecordFields spec = RecordFields.top(parse(json, SPEC), SPEC);
        spec.version("version", VERSION);
        spec.allowOnly(SPEC_FIELDS);
        String name = spec.text("name");
        Framework framework = spec.choice("framework", FRAMEWORKS, null);
        Architecture architecture = spec.choice("architecture", ARCHITECTURES, null);
        SyncMode syncMode = spec.choice("syncMode", SYNC_MODES, "SYNC");
        Resources worker = resources(spec.object("worker"));
        Resources ps = spec.has("ps") ? resources(spec.object("ps")) : Resources.ZERO;
        int minWorkers = spec.integer("minWorkers");
        int maxWorkers = spec.integer("maxWorkers");
        int minPs = spec.integer("minPs", 0);
        int maxPs = spec.integer("maxPs", 0);
        int requestedWorkers = spec.integer("requestedWorkers", maxWorkers);
        int requestedPs = spec.integer("requestedPs", 0);
        int globalBatchSize = spec.integer("globalBatchSize");
        TrainingGoal goal = goal(spec.object("goal"));
        JobDescription description = new JobDescription(name, framework, architecture, syncMode, worker, ps,
                minWorkers, maxWorkers, minPs, maxPs, requestedWorkers, requestedPs, globalBatchSize, goal);
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
        ObjectNode json = mapper.createObjectNode();
        json.put("version", PROGRESS_VERSION);
        ArrayNode array = json.putArray("samples");
        for (ProgressSample sample : samples) {
            ObjectNode one = array.addObject();
            putDouble(one, "timeSec", sample.timeSec());
            one.put("step", sample.step());
            putDouble(one, "loss", sample.loss());
            putDouble(one, "stepsPerSecond", sample.stepsPerSecond());
            one.put("workers", sample.workers());
            one.put("ps", sample.ps());
        }
        return json.toString();
    }

    /** The newest sample of the record (its last). */
    public ProgressSample progressFromJson(String json) throws MalformedRecordException {
        List<ProgressSample> samples = progressBatchFromJson(json);
        return samples.get(samples.size() - 1);
    }

    /** The record's samples, oldest first, at least one; a version 1 record is a batch of one. */
    public List<ProgressSample> progressBatchFromJson(String json) throws MalformedRecordException {
        RecordFields progress = RecordFields.top(parse(json, PROGRESS), PROGRESS);
        if (progress.version("version", PROGRESS_VERSIONS) == 1) {
            progress.allowOnly(PROGRESS_V1_FIELDS);
            return List.of(sample(progress));
        }
        progress.allowOnly(PROGRESS_FIELDS);
        List<RecordFields> array = progress.objects("samples");
        if (array.isEmpty()) {
            throw progress.invalid("samples", "must hold at least one sample");
        }
        List<ProgressSample> samples = new ArrayList<>(array.size());
        for (RecordFields one : array) {
            one.allowOnly(SAMPLE_FIELDS);
            samples.add(sample(one));
        }
        return List.copyOf(samples);
    }

    private static ProgressSample sample(RecordFields fields) throws MalformedRecordException {
        return new ProgressSample(fields.numberOrNonFinite("timeSec"), fields.longInteger("step"),
                fields.numberOrNonFinite("loss"), fields.numberOrNonFinite("stepsPerSecond"),
                fields.integer("workers"), fields.integer("ps"));
    }

    private JsonNode parse(String json, String record) throws MalformedRecordException {
        if (json == null) {
            throw new MalformedRecordException(record + ": no data");
        }
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new MalformedRecordException(record + ": not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        }
    }

    private static Resources resources(RecordFields resources) throws MalformedRecordException {
        resources.allowOnly(RESOURCE_FIELDS);
        return Resources.of(resources.nonNegativeInteger("gpus"), resources.nonNegativeInteger("vcores"),
                resources.nonNegativeLong("memoryMb"));
    }

    private static TrainingGoal goal(RecordFields goal) throws MalformedRecordException {
        goal.allowOnly(GOAL_FIELDS);
        boolean loss = goal.has("targetLoss");
        boolean steps = goal.has("steps");
        if (loss == steps) {
            throw new MalformedRecordException(SPEC + ": field 'goal' must have exactly one of 'targetLoss' or"
                    + " 'steps', got " + (loss ? "both" : "neither"));
        }
        String field = loss ? "targetLoss" : "steps";
        try {
            return loss ? TrainingGoal.targetLoss(goal.number(field)) : TrainingGoal.steps(goal.longInteger(field));
        } catch (IllegalArgumentException e) {
            throw goal.invalid(field, "is invalid: " + e.getMessage());
        }
    }

    private ObjectNode resourcesJson(Resources resources) {
        ObjectNode json = mapper.createObjectNode();
        json.put("gpus", resources.gpus());
        json.put("vcores", resources.vcores());
        json.put("memoryMb", resources.memoryMb());
        return json;
    }

    private static void putDouble(ObjectNode json, String field, double value) {
        if (Double.isFinite(value)) {
            json.put(field, value);
        } else {
            json.put(field, Double.toString(value));
        }
    }

    private static Set<String> names(String... names) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(names)));
    }

    private static <E extends Enum<E>> Map<String, E> byName(E[] values) {
        Map<String, E> map = new LinkedHashMap<>();
        for (E value : values) {
            map.put(value.name(), value);
        }
        return Collections.unmodifiableMap(map);
    }

    private static Map<String, SyncMode> syncModes() {
        Map<String, SyncMode> map = new LinkedHashMap<>();
        map.put("SYNC", SyncMode.SYNCHRONOUS);
        map.put("ASYNC", SyncMode.ASYNCHRONOUS);
        map.putAll(byName(SyncMode.values()));
        return Collections.unmodifiableMap(map);
    }
}
