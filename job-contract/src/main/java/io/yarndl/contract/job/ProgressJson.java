package io.yarndl.contract.job;

import io.yarndl.contract.json.InvalidField;
import io.yarndl.core.job.ProgressSample;
import java.util.List;

/**
 * The progress record of version 2 as Jackson maps it (layout on {@link JobRecordCodec}): a batch
 * of samples, oldest first, at least one; every field required.
 */
record ProgressJson(int version, List<Sample> samples) {

    ProgressJson {
        if (samples.isEmpty()) {
            throw new InvalidField("samples", "must hold at least one sample");
        }
        samples = List.copyOf(samples);
    }

    /** One sample; {@code timeSec} is seconds since the epoch. */
    record Sample(double timeSec, long step, double loss, double stepsPerSecond, int workers, int ps) {

        static Sample of(ProgressSample sample) {
            return new Sample(sample.timeSec(), sample.step(), sample.loss(), sample.stepsPerSecond(),
                    sample.workers(), sample.ps());
        }

        ProgressSample toSample() {
            return new ProgressSample(timeSec, step, loss, stepsPerSecond, workers, ps);
        }
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
