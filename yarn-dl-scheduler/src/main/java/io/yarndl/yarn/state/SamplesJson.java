package io.yarndl.yarn.state;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.List;

/**
 * One job's sample history in the checkpoint's {@code samples}: {@code {"stride":1,"aged":0,
 * "archive":[...],"recent":[[timeSec, step, loss, stepsPerSecond, workers, ps, gpuType], ...]}},
 * {@code gpuType} null for a sample that does not say its GPU type (format 3; format 2 samples had
 * six values, see {@link CheckpointCodec#migrated}).
 */
record SamplesJson(long stride, long aged, List<Sample> archive, List<Sample> recent) {

    /** Values of a sample in format 2, before the GPU type. */
    private static final int FORMAT_TWO_SAMPLE_SIZE = 6;

    /** A sample as a tuple, a third of the named form's size: histories are most of a checkpoint. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record Sample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps,
                  @JsonSetter(nulls = Nulls.SET) String gpuType) {

        static Sample of(ProgressSample sample) {
            return new Sample(sample.timeSec(), sample.step(), sample.loss(), sample.stepsPerSecond(), sample.workers(),
                    sample.ps(), sample.hasGpuType() ? sample.gpuType() : null);
        }

        ProgressSample toSample() {
            return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps, gpuType);
        }
    }

    /** The format 2 histories of {@code samples} (a checkpoint's field) with the format 3 sample: untagged. */
    static void untaggedFromFormatTwo(JsonNode samples) {
        if (samples == null) {
            return;
        }
        for (JsonNode history : samples) {
            for (String list : new String[] {"archive", "recent"}) {
                JsonNode tuples = history.get(list);
                if (tuples != null) {
                    for (JsonNode tuple : tuples) {
                        if (tuple instanceof ArrayNode values && values.size() == FORMAT_TWO_SAMPLE_SIZE) {
                            values.addNull();
                        }
                    }
                }
            }
        }
    }

    static SamplesJson of(JobSamples history) {
        return new SamplesJson(history.stride(), history.aged(), history.archive().stream().map(Sample::of).toList(),
                history.recent().stream().map(Sample::of).toList());
    }

    JobSamples toJobSamples(String at) throws JsonProblem {
        List<ProgressSample> older = archive.stream().map(Sample::toSample).toList();
        List<ProgressSample> newer = recent.stream().map(Sample::toSample).toList();
        return CheckpointJson.constructed(at, () -> new JobSamples(older, newer, stride, aged));
    }
}
