package io.yarndl.contract.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
 * {"version":1,"timeSec":1732200000.5,"step":1200,"loss":0.83,"stepsPerSecond":4.2,"workers":2,"ps":0}
 * }</pre>
 * Every field is required; {@code timeSec} is seconds since the epoch. The reader checks form,
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

    /** The record version this codec writes and the only one it reads. */
    static final int VERSION = 1;

    private static final String SPEC = "spec";
    private static final String PROGRESS = "progress";
    private static final Set<String> SPEC_FIELDS = names("version", "name", "framework", "architecture",
            "syncMode", "worker", "ps", "minWorkers", "maxWorkers", "minPs", "maxPs", "requestedWorkers",
            "requestedPs", "globalBatchSize", "goal");
    private static final Set<String> RESOURCE_FIELDS = names("gpus", "vcores", "memoryMb");
    private static final Set<String> GOAL_FIELDS = names("targetLoss", "steps");
    private static final Set<String> PROGRESS_FIELDS = names("version", "timeSec", "step", "loss",
            "stepsPerSecond", "workers", "ps");
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

    public String progressToJson(ProgressSample sample) {
        ObjectNode json = mapper.createObjectNode();
        json.put("version", VERSION);
        putDouble(json, "timeSec", sample.timeSec());
        json.put("step", sample.step());
        putDouble(json, "loss", sample.loss());
        putDouble(json, "stepsPerSecond", sample.stepsPerSecond());
        json.put("workers", sample.workers());
        json.put("ps", sample.ps());
        return json.toString();
    }

    public ProgressSample progressFromJson(String json) throws MalformedRecordException {
        RecordFields progress = RecordFields.top(parse(json, PROGRESS), PROGRESS);
        progress.version("version", VERSION);
        progress.allowOnly(PROGRESS_FIELDS);
        return new ProgressSample(progress.numberOrNonFinite("timeSec"), progress.longInteger("step"),
                progress.numberOrNonFinite("loss"), progress.numberOrNonFinite("stepsPerSecond"),
                progress.integer("workers"), progress.integer("ps"));
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
