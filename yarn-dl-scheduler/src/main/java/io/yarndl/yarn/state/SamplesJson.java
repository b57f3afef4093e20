package io.yarndl.yarn.state;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.yarndl.contract.json.JsonProblem;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.yarn.jobs.JobSamples;
import java.util.List;

/**
 * One job's sample history in the checkpoint's {@code samples}: {@code {"stride":1,"aged":0,
 * "archive":[...],"recent":[[timeSec, step, loss, stepsPerSecond, workers, ps], ...]}}.
 */
record SamplesJson(long stride, long aged, List<Sample> archive, List<Sample> recent) {

    /** A sample as a tuple, a third of the named form's size: histories are most of a checkpoint. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    record Sample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps) {

        static Sample of(ProgressSample sample) {
            return new Sample(sample.timeSec(), sample.step(), sample.loss(), sample.stepsPerSecond(), sample.workers(),
                    sample.ps());
        }

        ProgressSample toSample() {
            return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps);
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
