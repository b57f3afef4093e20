package io.yarndl.yarn.state;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.List;

/**
 * One job's sample history in the checkpoint's {@code samples}: {@code {"stride":1,"aged":0,
 * "restarts":[2,41.5],"archive":[...],"recent":[[timeSec, step, loss, stepsPerSecond, workers, ps,
 * gpuType, batchSize, noiseScale], ...]}}, {@code gpuType} null for a sample that does not say its
 * GPU type, {@code batchSize} 0 for one that does not say its batch (the spec's), {@code noiseScale}
 * {@code "NaN"} for one that measured none, and {@code restarts} the resizes measured on the job's
 * samples, {@code [count, totalSeconds]} (format 5; format 2 samples had six values and format 3
 * and 4 ones seven, see {@link CheckpointCodec#migrated}).
 */
record SamplesJson(long stride, long aged, RestartsJson restarts, List<Sample> archive, List<Sample> recent) {

    /** Values of a sample in format 2, before the GPU type. */
    private static final int FORMAT_TWO_SAMPLE_SIZE = 6;
    /** Values of a sample in formats 3 and 4, before the batch size and noise scale. */
    private static final int FORMAT_FOUR_SAMPLE_SIZE = 7;
    private static final String RESTARTS = "restarts";

    /** A sample as a tuple, a third of the named form's size: histories are most of a checkpoint. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record Sample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps,
                  @JsonSetter(nulls = Nulls.SET) String gpuType, int batchSize, double noiseScale) {

        static Sample of(ProgressSample sample) {
            return new Sample(sample.timeSec(), sample.step(), sample.loss(), sample.stepsPerSecond(), sample.workers(),
                    sample.ps(), sample.hasGpuType() ? sample.gpuType() : null, sample.batchSize(),
                    sample.noiseScale());
        }

        ProgressSample toSample() {
            return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps, gpuType, batchSize, noiseScale);
        }
    }

    /** {@code [count, totalSeconds]}. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record RestartsJson(int count, double totalSeconds) {

        static final RestartsJson NONE = of(Restarts.NONE);

        static RestartsJson of(Restarts restarts) {
            return new RestartsJson(restarts.count(), restarts.totalSeconds());
        }
    }

    /** The format 2 histories of {@code samples} (a checkpoint's field) with the format 3 sample: untagged. */
    static void untaggedFromFormatTwo(JsonNode samples) {
        eachSample(samples, FORMAT_TWO_SAMPLE_SIZE, values -> values.addNull());
    }

    /**
     * The format 4 histories of {@code samples} as format 5 has them: each sample saying neither its
     * batch size (0) nor a noise scale (NaN), each history with no resize measured.
     */
    static void batchlessFromFormatFour(JsonNode samples) {
        eachSample(samples, FORMAT_FOUR_SAMPLE_SIZE, values -> values.add(ProgressSample.SPEC_BATCH).add("NaN"));
        if (samples != null) {
            for (JsonNode history : samples) {
                if (history instanceof ObjectNode object && !object.has(RESTARTS)) {
                    object.set(RESTARTS, JsonNodeFactory.instance.arrayNode().add(0).add(0.0));
                }
            }
        }
    }

    private static void eachSample(JsonNode samples, int size, java.util.function.Consumer<ArrayNode> fill) {
        if (samples == null) {
            return;
        }
        for (JsonNode history : samples) {
            for (String list : new String[] {"archive", "recent"}) {
                JsonNode tuples = history.get(list);
                if (tuples != null) {
                    for (JsonNode tuple : tuples) {
                        if (tuple instanceof ArrayNode values && values.size() == size) {
                            fill.accept(values);
                        }
                    }
                }
            }
        }
    }

    static SamplesJson of(JobSamples history) {
        return new SamplesJson(history.stride(), history.aged(), RestartsJson.of(history.restarts()),
                history.archive().stream().map(Sample::of).toList(), history.recent().stream().map(Sample::of).toList());
    }

    JobSamples toJobSamples(String at) throws JsonProblem {
        List<ProgressSample> older = archive.stream().map(Sample::toSample).toList();
        List<ProgressSample> newer = recent.stream().map(Sample::toSample).toList();
        Restarts measured = CheckpointJson.constructed(at + "." + RESTARTS,
                () -> new Restarts(restarts.count(), restarts.totalSeconds()));
        return CheckpointJson.constructed(at, () -> new JobSamples(older, newer, stride, aged, measured));
    }
}
