package io.yarndl.yarn.jobs;

import io.yarndl.contract.job.JobDescription;
import io.yarndl.core.job.ProgressSample;
import io.yarndl.core.job.Restarts;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What {@link JobRecordWatcher} knows of one job at one instant. Immutable: the watcher swaps a
 * new state in for each accepted record, so readers on other threads see one consistent value.
 *
 * @param description the last good spec, or null while none has been read
 * @param history     accepted progress samples, thinned to the watcher's cap
 * @param reported    rejection reasons already logged at WARN for this job
 */
record JobState(JobDescription description, SampleHistory history, Set<RejectionReason> reported) {

    static final JobState EMPTY = new JobState(null, SampleHistory.EMPTY, Set.of());

    /** What to do with a usable sample, compared with the last accepted one. */
    enum Admission { ACCEPT, DUPLICATE, STEP_BACKWARDS }

    JobState {
        reported = Set.copyOf(reported);
    }

    JobState withDescription(JobDescription newDescription) {
        return new JobState(newDescription, history, reported);
    }

    JobState withReported(RejectionReason reason) {
        Set<RejectionReason> more = reported.isEmpty() ? EnumSet.noneOf(RejectionReason.class) : EnumSet.copyOf(reported);
        more.add(reason);
        return new JobState(description, history, more);
    }

    Admission admit(ProgressSample sample) {
        ProgressSample last = history.last();
        if (last == null) {
            return Admission.ACCEPT;
        }
        if (sample.step() == last.step() && sample.timeSec() == last.timeSec()) {
            return Admission.DUPLICATE;
        }
        return sample.step() < last.step() ? Admission.STEP_BACKWARDS : Admission.ACCEPT;
    }

    JobState withSample(ProgressSample sample, int maxSamples) {
        return new JobState(description, history.plus(sample, maxSamples), reported);
    }

    /**
     * This job with {@code seeded} as its history, followed by those of its current samples that
     * {@link #admit} would accept after the seeded ones (the newer ones). The seeded samples thus
     * count as accepted by this watcher: a later sample equal to the last seeded one is a
     * redelivery, one below it steps backwards.
     */
    JobState seededWith(SampleHistory seeded, int maxSamples) {
        JobState merged = new JobState(description, seeded, reported);
        for (ProgressSample sample : history.samples()) {
            if (merged.admit(sample) == Admission.ACCEPT) {
                merged = merged.withSample(sample, maxSamples);
            }
        }
        return merged;
    }

    List<ProgressSample> samples() {
        return history.samples();
    }

    Restarts restarts() {
        return history.restarts();
    }
}
