package io.yarndl.contract.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import io.yarndl.contract.json.InvalidField;
import io.yarndl.core.cluster.Resources;
import io.yarndl.core.job.Architecture;
import io.yarndl.core.job.BatchLimits;
import io.yarndl.core.job.Framework;
import io.yarndl.core.job.SyncMode;
import io.yarndl.core.job.TrainingGoal;

/**
 * The spec record as Jackson maps it (layout and rules on {@link JobRecordCodec}): required fields
 * are annotated, optional ones are null when absent or {@code null} and take their defaults in
 * {@link #toDescription}. Field order is the stored order.
 */
record SpecJson(@JsonProperty(required = true) int version,
                @JsonProperty(required = true) String name,
                @JsonProperty(required = true) Framework framework,
                @JsonProperty(required = true) Architecture architecture,
                @JsonSetter(nulls = Nulls.SET) SyncName syncMode,
                @JsonProperty(required = true) ResourcesJson worker,
                @JsonSetter(nulls = Nulls.SET) ResourcesJson ps,
                @JsonProperty(required = true) int minWorkers,
                @JsonProperty(required = true) int maxWorkers,
                @JsonSetter(nulls = Nulls.SET) Integer minPs,
                @JsonSetter(nulls = Nulls.SET) Integer maxPs,
                @JsonSetter(nulls = Nulls.SET) Integer requestedWorkers,
                @JsonSetter(nulls = Nulls.SET) Integer requestedPs,
                @JsonProperty(required = true) int globalBatchSize,
                @JsonProperty(required = true) GoalJson goal,
                @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonSetter(nulls = Nulls.SET) String modelFamily,
                @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SET) LimitsJson batchLimits) {

    /** Longer than any family a throughput profile names. */
    static final int MAX_MODEL_FAMILY_LENGTH = 200;

    SpecJson {
        if (name.isBlank()) {
            throw new InvalidField("name", "must not be blank");
        }
        if (modelFamily != null && modelFamily.length() > MAX_MODEL_FAMILY_LENGTH) {
            throw new InvalidField("modelFamily", "must be at most " + MAX_MODEL_FAMILY_LENGTH + " characters, got "
                    + modelFamily.length());
        }
    }

    /** Sync modes as the spec spells them: written short, the long names read too. */
    enum SyncName {
        SYNC, ASYNC, SYNCHRONOUS, ASYNCHRONOUS;

        SyncMode mode() {
            return this == SYNC || this == SYNCHRONOUS ? SyncMode.SYNCHRONOUS : SyncMode.ASYNCHRONOUS;
        }
    }

    /** {@code {"gpus":g,"vcores":v,"memoryMb":m}}, all required and non-negative. */
    record ResourcesJson(@JsonProperty(required = true) int gpus,
                         @JsonProperty(required = true) int vcores,
                         @JsonProperty(required = true) long memoryMb) {

        ResourcesJson {
            nonNegative("gpus", gpus);
            nonNegative("vcores", vcores);
            nonNegative("memoryMb", memoryMb);
        }

        static ResourcesJson of(Resources resources) {
            return new ResourcesJson(resources.gpus(), resources.vcores(), resources.memoryMb());
        }

        Resources toResources() {
            return Resources.of(gpus, vcores, memoryMb);
        }

        private static void nonNegative(String field, long value) {
            if (value < 0) {
                throw new InvalidField(field, "must not be negative, got " + value);
            }
        }
    }

    /**
     * {@code {"min":m,"max":n,"maxLocal":l}}: the global batch sizes the job may train at, {@code min}
     * and {@code max} required, {@code maxLocal} (most samples per worker per micro-step) optional,
     * 0 or absent for none; the rules of {@link BatchLimits}, each refusal naming its field.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LimitsJson(@JsonProperty(required = true) int min,
                      @JsonProperty(required = true) int max,
                      @JsonSetter(nulls = Nulls.SET) Integer maxLocal) {

        LimitsJson {
            if (min < 1) {
                throw new InvalidField("min", "must be at least 1, got " + min);
            }
            if (max < min) {
                throw new InvalidField("max", "must be at least min " + min + ", got " + max);
            }
            if (maxLocal != null && maxLocal < 0) {
                throw new InvalidField("maxLocal", "must not be negative (0 for no limit), got " + maxLocal);
            }
        }

        /** The limits, or null for the fixed batch a job that declares none has: then nothing is written. */
        static LimitsJson of(JobDescription description) {
            if (!description.declaresBatchLimits()) {
                return null;
            }
            BatchLimits limits = description.batchLimits();
            return new LimitsJson(limits.min(), limits.max(),
                    limits.maxLocal() == BatchLimits.NO_LOCAL_LIMIT ? null : limits.maxLocal());
        }

        BatchLimits toLimits() {
            return new BatchLimits(min, max, maxLocal == null ? BatchLimits.NO_LOCAL_LIMIT : maxLocal);
        }
    }

    /** Exactly one of {@code {"targetLoss":x}} and {@code {"steps":n}}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record GoalJson(@JsonSetter(nulls = Nulls.SET) Double targetLoss, @JsonSetter(nulls = Nulls.SET) Long steps) {

        GoalJson {
            if ((targetLoss == null) == (steps == null)) {
                throw new InvalidField(null, "must have exactly one of 'targetLoss' or 'steps', got "
                        + (targetLoss == null ? "neither" : "both"));
            }
            try {
                goal(targetLoss, steps);
            } catch (IllegalArgumentException e) {
                throw new InvalidField(targetLoss != null ? "targetLoss" : "steps", "is invalid: " + e.getMessage());
            }
        }

        static GoalJson of(TrainingGoal goal) {
            return goal instanceof TrainingGoal.TargetLoss target ? new GoalJson(target.loss(), null)
                    : new GoalJson(null, ((TrainingGoal.FixedSteps) goal).totalSteps());
        }

        TrainingGoal toGoal() {
            return goal(targetLoss, steps);
        }

        private static TrainingGoal goal(Double targetLoss, Long steps) {
            return targetLoss != null ? TrainingGoal.targetLoss(targetLoss) : TrainingGoal.steps(steps);
        }
    }

    /**
     * Every field spelled out, the sync mode in its short name; but {@code modelFamily} and
     * {@code batchLimits} only where the job declares them, so that schedulers older than these
     * fields still read the spec of a job that declares neither.
     */
    static SpecJson of(JobDescription description) {
        return new SpecJson(JobRecordCodec.VERSION, description.name(), description.framework(),
                description.architecture(), description.syncMode() == SyncMode.SYNCHRONOUS ? SyncName.SYNC : SyncName.ASYNC,
                ResourcesJson.of(description.workerDemand()), ResourcesJson.of(description.psDemand()),
                description.minWorkers(), description.maxWorkers(), description.minPs(), description.maxPs(),
                description.requestedWorkers(), description.requestedPs(), description.globalBatchSize(),
                GoalJson.of(description.goal()), description.modelFamily(), LimitsJson.of(description));
    }

    /**
     * The description, optional fields defaulted: SYNC, no parameter servers, {@code maxWorkers}
     * requested, no model family, the one batch {@code globalBatchSize}.
     */
    JobDescription toDescription() {
        return new JobDescription(name, framework, architecture, syncMode == null ? SyncMode.SYNCHRONOUS : syncMode.mode(),
                worker.toResources(), ps == null ? Resources.ZERO : ps.toResources(), minWorkers, maxWorkers,
                orZero(minPs), orZero(maxPs), requestedWorkers == null ? maxWorkers : requestedWorkers,
                orZero(requestedPs), globalBatchSize, goal.toGoal(), modelFamily,
                batchLimits == null ? null : batchLimits.toLimits());
    }

    private static int orZero(Integer value) {
        return value == null ? 0 : value;
    }
}
