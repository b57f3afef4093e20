package io.yarndl.contract.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.contract.json.InvalidField;
import io.yarndl.core.job.ProgressSample;
import java.util.List;

/**
 * The progress record of version 2 as Jackson maps it (layout on {@link JobRecordCodec}): a batch
 * of samples, oldest first, at least one; every field required but a sample's {@code gpuType},
 * {@code batchSize} and {@code noiseScale}, which a sample that does not say them leaves out
 * ({@link #withOptionalFieldsFilled} reads them back as null).
 */
record ProgressJson(int version, List<Sample> samples) {

    private static final String GPU_TYPE = "gpuType";
    private static final String BATCH_SIZE = "batchSize";
    private static final String NOISE_SCALE = "noiseScale";
    private static final List<String> OPTIONAL = List.of(GPU_TYPE, BATCH_SIZE, NOISE_SCALE);
    /** Longer than any GPU type's name; a sample is kept up to a thousand times per job. */
    static final int MAX_GPU_TYPE_LENGTH = 64;

    ProgressJson {
        if (samples.isEmpty()) {
            throw new InvalidField("samples", "must hold at least one sample");
        }
        samples = List.copyOf(samples);
    }

    /**
     * One sample; {@code timeSec} is seconds since the epoch, {@code gpuType} the GPU type its
     * workers ran on, {@code batchSize} the global batch it trained at and {@code noiseScale} the
     * gradient noise scale it measured: each written only when the sample says it (so that
     * schedulers older than these fields still read samples that say none of them).
     */
    record Sample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps,
                  @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SET) String gpuType,
                  @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SET) Integer batchSize,
                  @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SET) Double noiseScale) {

        Sample {
            if (gpuType != null && gpuType.length() > MAX_GPU_TYPE_LENGTH) {
                throw new InvalidField(GPU_TYPE, "must be at most " + MAX_GPU_TYPE_LENGTH + " characters, got "
                        + gpuType.length());
            }
            if (batchSize != null && batchSize < 1) {
                throw new InvalidField(BATCH_SIZE, "must be at least 1 (leave it out where the sample does not "
                        + "say), got " + batchSize);
            }
        }

        static Sample of(ProgressSample sample) {
            return new Sample(sample.timeSec(), sample.step(), sample.loss(), sample.stepsPerSecond(),
                    sample.workers(), sample.ps(), sample.hasGpuType() ? sample.gpuType() : null,
                    sample.batchSize() == ProgressSample.SPEC_BATCH ? null : sample.batchSize(),
                    Double.isNaN(sample.noiseScale()) ? null : sample.noiseScale());
        }

        ProgressSample toSample() {
            return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps, gpuType,
                    batchSize == null ? ProgressSample.SPEC_BATCH : batchSize,
                    noiseScale == null ? Double.NaN : noiseScale);
        }
    }

    /**
     * {@code tree}, a version 2 record, with a {@code null} for each optional field a sample leaves
     * out: the strict mapper requires every field to be present.
     */
    static JsonNode withOptionalFieldsFilled(JsonNode tree) {
        JsonNode samples = tree.get("samples");
        if (samples != null && samples.isArray()) {
            for (JsonNode sample : samples) {
                if (sample instanceof ObjectNode object) {
                    OPTIONAL.stream().filter(field -> !object.has(field)).forEach(object::putNull);
                }
            }
        }
        return tree;
    }

    /** Version 1, as AMs of an older release write it: one sample's fields at the top level. */
    record VersionOne(int version, double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps) {

        ProgressSample toSample() {
            return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps);
        }
    }

    static ProgressJson of(List<ProgressSample> samples) {
        return new ProgressJson(JobRecordCodec.PROGRESS_VERSION, samples.stream().map(Sample::of).toList());
    }

    List<ProgressSample> toSamples() {
        return samples.stream().map(Sample::toSample).toList();
    }
}
